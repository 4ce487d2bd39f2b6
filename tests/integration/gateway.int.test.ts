import { describe, expect, it } from 'vitest';
import { findRoute } from '../../functions/routes';
import { api, endpoints } from './helpers';

const sleep = (ms: number) => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

describe('the local API gateway', () => {
  it('sends unknown routes to the $default handler: a typed JSON 404', async () => {
    const { status, headers, body } = await api('/no/such/route');

    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toMatchObject({ error: 'NOT_FOUND', message: expect.stringContaining('/no/such/route') });
  });

  it('treats a known path with another method as an unknown route', async () => {
    const { status, body } = await api('/products', { method: 'DELETE' });

    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers the CORS preflight for the web origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${endpoints().apiUrl}/me`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });

    const allowed = await preflight(endpoints().webUrl);
    const foreign = await preflight('https://evil.example');

    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(endpoints().webUrl);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds the allow-origin header to responses for the web origin', async () => {
    const { headers } = await api('/products', { headers: { origin: endpoints().webUrl } });

    expect(headers.get('access-control-allow-origin')).toBe(endpoints().webUrl);
  });

  it('throttles the promo look-up: a burst of guesses gets a typed 429 beyond the route burst', async () => {
    const throttle = findRoute('GET /promo-codes/{code}')?.throttle;
    expect(throttle, 'the promo look-up has a route throttle').toBeDefined();
    const { rateLimit, burstLimit } = throttle!;
    const refill = (burstLimit / rateLimit) * 1000 + 500;
    await sleep(refill);

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: burstLimit * 3 }, (_, index) => api(`/promo-codes/GUESS${index}`)),
    );
    const seconds = (performance.now() - started) / 1000;

    const limited = responses.filter((response) => response.status === 429);
    const served = responses.filter((response) => response.status !== 429);
    // The guesses that got through learnt nothing: each unknown code is the same 404.
    expect(served.every((response) => response.status === 404)).toBe(true);
    expect(served.length).toBeGreaterThanOrEqual(burstLimit);
    expect(served.length).toBeLessThanOrEqual(burstLimit + Math.ceil(seconds * rateLimit));
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers.get('content-type')).toContain('application/json');
    expect(limited[0]?.body).toEqual({ error: 'RATE_LIMITED', message: 'Too many requests' });
    // Other test files look codes up too: leave them a full bucket.
    await sleep(refill);
  });
});
