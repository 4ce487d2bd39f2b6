/**
 * The test-only control endpoints (`/_stand-in/...`, no API key, loopback only): wait for idle,
 * list deliveries, arm and clear faults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-server';
import type { StandInContext } from './context';
import { eventView } from './events';
import { faultFrom, type Fault } from './faults';
import { pendingDeliveries } from './state';

export function controlEndpoints(
  standIn: StandInContext,
  options: { readonly faults: Fault[]; readonly whenIdle: (timeoutMs: number) => Promise<boolean> },
) {
  const { store, log } = standIn;
  const { events } = store;
  const { faults, whenIdle } = options;

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/_stand-in/idle') {
      const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 30_000);
      const idle = await whenIdle(Number.isFinite(timeoutMs) ? timeoutMs : 30_000);
      return sendJson(res, 200, {
        idle,
        pendingDeliveries: pendingDeliveries(store),
        pendingAsyncPayments: store.asyncPayments.length,
      });
    }
    if (method === 'GET' && url.pathname === '/_stand-in/deliveries') {
      return sendJson(
        res,
        200,
        events.map((record) => ({
          eventId: record.event.id,
          type: record.event.type,
          objectId: record.event.data.object.id,
          created: record.event.created,
          state: record.state,
          attempts: record.attempts,
          nextAttemptAt: record.nextAttemptAt === null ? null : new Date(record.nextAttemptAt).toISOString(),
          event: eventView(record),
        })),
      );
    }
    if (url.pathname === '/_stand-in/faults') {
      if (method === 'GET') return sendJson(res, 200, { faults });
      if (method === 'DELETE') {
        const cleared = faults.splice(0).length;
        return sendJson(res, 200, { cleared });
      }
      if (method === 'POST') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { error: 'Body must be JSON' });
        }
        const armed = faultFrom(body);
        if ('error' in armed) return sendJson(res, 400, { error: armed.error });
        const { fault } = armed;
        faults.push(fault);
        log(`fault armed: ${fault.method} ${fault.pathPrefix}* → ${fault.status} ×${fault.remaining}`);
        return sendJson(res, 201, { fault, faults });
      }
    }
    if (method === 'GET' && url.pathname === '/_stand-in/health') return sendJson(res, 200, { ok: true });
    return sendJson(res, 404, { error: `No control endpoint ${method} ${url.pathname}` });
  };
}
