import * as z from '@linea/shared/contracts/zod-mini';
import { ordersCsv } from '@linea/shared/domain/orders-csv';
import { auditLog } from '../../data/audit';
import { orders, toOrderDto, type Order } from '../../data/order-repository';
import { httpHandler } from '../../lib/http';

/** More than a boutique sells in years; a larger export belongs in a scheduled job, not a request. */
const MAX_EXPORTED = 20_000;

const exportQuery = z.strictObject({ query: z.optional(z.string().check(z.trim(), z.maxLength(254))) });

/**
 * The orders the admin's search shows, every page of them, as a CSV download. Customers' names and
 * addresses leave the shop with it, so the activity log records who took it, with which search and
 * how many rows, before the file is handed over.
 */
export const handler = httpHandler('GET /admin/orders/export', { query: exportQuery }, async ({ query, actor }) => {
  const found: Order[] = [];
  let cursor: string | undefined;
  do {
    const page = await orders.searchRecent({ query: query.query, cursor, limit: 500, maxRead: 5_000 });
    found.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && found.length < MAX_EXPORTED);
  const at = new Date().toISOString();
  await auditLog.record({
    actor,
    action: 'EXPORT',
    table: 'orders',
    recordId: 'export',
    after: { query: query.query ?? '', rows: found.length },
    at,
  });
  const day = at.slice(0, 10);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="linea-orders-${day}.csv"`,
    },
    body: ordersCsv(found.map(toOrderDto)),
  };
});
