import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ApiError } from './api-error';
import { createApiClient } from './client';

const schema = z.object({ ok: z.boolean() });

function clientAnswering(response: Response | Error, idToken?: string) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createApiClient({
    baseUrl: () => 'http://api.test',
    getIdToken: async () => idToken,
    fetch: fetchMock,
  });
  return { client, fetchMock };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('returns the parsed body and sends the ID token as the authorization header', async () => {
    const { client, fetchMock } = clientAnswering(json(200, { ok: true }), 'id-token');

    const result = await client.request('/me', { schema, query: { category: 'basics', empty: undefined } });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/me?category=basics');
    expect(new Headers(init?.headers).get('authorization')).toBe('id-token');
  });

  it('calls an API under the page’s own origin (the hosts’ /api) with a same-origin path', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    const client = createApiClient({ baseUrl: () => '/api', getIdToken: async () => 'id-token', fetch: fetchMock });

    await client.request('/products/tee', { schema, query: { lang: 'de' } });
    await client.download('/admin/orders/export');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products/tee?lang=de', '/api/admin/orders/export']);
    expect(new URL(String(fetchMock.mock.calls[0]![0]), window.location.href).origin).toBe(window.location.origin);
  });

  it('sends no token when signed out or when the call opts out', async () => {
    const signedOut = clientAnswering(json(200, { ok: true }));
    await signedOut.client.request('/products', { schema });
    expect(new Headers(signedOut.fetchMock.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);

    const optOut = clientAnswering(json(200, { ok: true }), 'id-token');
    await optOut.client.request('/products', { schema, withToken: false });
    expect(new Headers(optOut.fetchMock.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });

  it('sends a JSON body', async () => {
    const { client, fetchMock } = clientAnswering(json(201, { ok: true }));
    await client.request('/newsletter/subscribers', { method: 'POST', body: { email: 'a@b.ch' }, schema });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.ch"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('maps our error shape to ApiError with status, code and message', async () => {
    const { client } = clientAnswering(json(404, { error: 'NOT_FOUND', message: 'Product p-1 not found' }));
    const error = await failureOf(client.request('/products/p-1', { schema }));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Product p-1 not found' });
  });

  it('keeps the field issues of a VALIDATION error', async () => {
    const { client } = clientAnswering(
      json(400, {
        error: 'VALIDATION',
        message: 'Invalid body: email: Invalid email',
        details: { fields: [{ field: 'email', message: 'Invalid email' }, { nonsense: true }] },
      }),
    );
    const error = await failureOf(client.request('/newsletter/subscribers', { method: 'POST', body: {} }));
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldIssues).toEqual([{ field: 'email', message: 'Invalid email' }]);
  });

  it('maps our 401 body to UNAUTHENTICATED', async () => {
    const { client } = clientAnswering(json(401, { error: 'UNAUTHENTICATED', message: 'Unauthorized' }));
    const error = await failureOf(client.request('/me', { schema }));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it.each([
    [401, { message: 'Unauthorized' }, 'UNAUTHENTICATED'],
    [429, { message: 'Too Many Requests' }, 'RATE_LIMITED'],
    [403, { message: 'Forbidden' }, 'FORBIDDEN'],
    [500, { error: 'SOMETHING_NEW', message: 'x' }, 'INTERNAL'],
  ] as const)('derives the code from the status %i when the body is not ours', async (status, body, code) => {
    const { client } = clientAnswering(json(status, body));
    const error = await failureOf(client.request('/me', { schema }));
    expect(error).toMatchObject({ status, code });
  });

  it('maps a non-JSON error page to INTERNAL', async () => {
    const { client } = clientAnswering(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failureOf(client.request('/products', { schema }));
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it('maps a network failure to status 0', async () => {
    const { client } = clientAnswering(new TypeError('Failed to fetch'));
    const error = await failureOf(client.request('/products', { schema }));
    expect(error).toMatchObject({ status: 0, code: 'INTERNAL' });
  });

  it('rejects a response that breaks the contract', async () => {
    const { client } = clientAnswering(json(200, { ok: 'yes' }));
    const error = await failureOf(client.request('/products', { schema }));
    expect(error).toMatchObject({ status: 200, code: 'INTERNAL' });
  });
});
