import { adminAnalyticsQuery } from '@linea/shared/contracts/admin';
import { getAnalytics } from '../../services/get-analytics';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/analytics', { query: adminAnalyticsQuery }, async ({ query }) =>
  json(200, await getAnalytics(query.days)),
);
