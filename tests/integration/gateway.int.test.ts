import { describe, expect, it } from 'vitest';
import { api, endpoints } from './helpers';

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
});
