import { createUploadRequest } from '@linea/shared/contracts/uploads';
import { httpHandler, json } from '../../lib/http';
import { startImageUpload } from '../../services/image-uploads';

export const handler = httpHandler('POST /admin/uploads', { body: createUploadRequest }, async ({ body, actor }) =>
  json(201, await startImageUpload(body, actor)),
);
