import { uploadPathParams } from '@linea/shared/contracts/uploads';
import { NotFoundError } from '@linea/shared/errors';
import { toUploadDto, uploads } from '../../data/upload-repository';
import { httpHandler, json } from '../../lib/http';

/** The product form asks until the upload's variants exist (`ready`) or it proved no image (`failed`). */
export const handler = httpHandler('GET /admin/uploads/{id}', { params: uploadPathParams }, async ({ params }) => {
  const upload = await uploads.get(params.id);
  if (!upload) throw new NotFoundError('Upload', params.id);
  return json(200, toUploadDto(upload));
});
