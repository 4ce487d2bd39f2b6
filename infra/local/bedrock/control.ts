/**
 * The test-only control endpoints (`/_stand-in/...`, loopback only, no signature needed): the
 * recorded Converse requests, the armed faults, health.
 */
import { readBody, send, type Incoming, type Outgoing } from './dual-protocol-server';
import { faultFrom } from './faults';
import type { StandInState } from './stand-in-state';
import { isObject } from './wire';

export function controlEndpoints(state: StandInState) {
  const { served, faults, recorded, log } = state;

  return async (req: Incoming, res: Outgoing, path: string): Promise<void> => {
    const method = req.method ?? 'GET';
    if (path === '/_stand-in/requests') {
      if (method === 'GET')
        return send(
          res,
          200,
          recorded.map((request) => request.body),
        );
      if (method === 'DELETE') return send(res, 200, { cleared: recorded.splice(0).length });
    }
    if (path === '/_stand-in/faults') {
      if (method === 'GET') return send(res, 200, { faults });
      if (method === 'DELETE') return send(res, 200, { cleared: faults.splice(0).length });
      if (method === 'POST') {
        let input: Record<string, unknown>;
        try {
          const parsed: unknown = JSON.parse((await readBody(req, 64 * 1024)) || '{}');
          if (!isObject(parsed)) throw new Error('not an object');
          input = parsed;
        } catch {
          return send(res, 400, { error: 'Body must be a JSON object' });
        }
        const armed = faultFrom(input);
        if ('error' in armed) return send(res, 400, { error: armed.error });
        const { fault } = armed;
        faults.push(fault);
        log(`fault armed: ${fault.type ?? 'delay'} ×${fault.remaining}${fault.delayMs ? `, ${fault.delayMs} ms` : ''}`);
        return send(res, 201, { fault, faults });
      }
    }
    if (method === 'GET' && path === '/_stand-in/health') return send(res, 200, { ok: true, modelId: served });
    return send(res, 404, { error: `No control endpoint ${method} ${path}` });
  };
}
