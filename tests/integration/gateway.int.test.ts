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

  it('serves the runtime config of the web app beside it', async () => {
    const response = await fetch(`${endpoints().webUrl}/config.json`);

    expect(await response.json()).toEqual({
      apiUrl: endpoints().apiUrl,
      region: endpoints().region,
      userPoolId: endpoints().userPoolId,
      userPoolClientId: endpoints().userPoolClientId,
      cognitoEndpoint: endpoints().cognitoEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      stage: 'local',
    });
  });
});

describe('the API edge, on every JSON route', () => {
  it('refuses text holding a lone surrogate with 400 naming the field, so no undeliverable message is accepted', async () => {
    const { status, body } = await api('/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Anna","email":"anna@example.ch","message":"Hallo \\ud800 zusammen"}',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'message' }] } });
  });

  it.each([
    ['text/plain', '{"email":"cross-site@example.ch"}'],
    ['application/x-www-form-urlencoded', 'email=cross-site%40example.ch'],
    [undefined, '{"email":"cross-site@example.ch"}'],
  ])('refuses a body sent as %s with 415, as a cross-site form post would send it', async (type, payload) => {
    const response = await fetch(`${endpoints().apiUrl}/newsletter/subscribers`, {
      method: 'POST',
      ...(type ? { headers: { 'content-type': type } } : {}),
      body: type ? payload : new Blob([payload]),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
