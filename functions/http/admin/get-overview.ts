import { getOverview } from '../../services/get-overview';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/overview', {}, async () => json(200, await getOverview()));
