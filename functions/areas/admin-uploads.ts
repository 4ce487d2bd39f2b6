import { handler as createUpload } from '../http/admin/create-upload';
import { handler as getUpload } from '../http/admin/get-upload';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('admin-uploads', {
  'POST /admin/uploads': createUpload,
  'GET /admin/uploads/{id}': getUpload,
});
