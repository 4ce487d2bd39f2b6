import { adminAuditQuery, type AdminAuditResponse } from '@linea/shared/contracts/admin';
import { auditLog } from '../../data/audit';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/audit', { query: adminAuditQuery }, async ({ query }) => {
  const page: AdminAuditResponse = await auditLog.listRecent(query);
  return json(200, page);
});
