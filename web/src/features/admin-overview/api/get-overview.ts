import { adminOverviewResponse, type AdminOverviewResponse } from '@linea/shared/contracts/admin';
import { api } from '../../../api/client';

/** GET /admin/overview: the overview cards and financial summary (admin group only). */
export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverviewResponse> {
  return api.request('/admin/overview', { schema: adminOverviewResponse, signal });
}
