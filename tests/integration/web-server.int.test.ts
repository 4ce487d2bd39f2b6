/**
 * The local web server as the browser meets it, in CloudFront's place: every page carries the
 * runtime config, and `/api/*` is the HTTP API on the same origin (prefix off; method, headers,
 * Authorization, status and bodies passed through; the client's address as the caller's
 * `sourceIp`). The other suites call the gateway directly; these go through the proxy.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ListProductsResponse } from '@linea/shared/contracts/products';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { CHAT_RATE_LIMIT } from '../../functions/http/chat/post-chat';
import { CACHE_CONTROL } from '../../functions/routes';
import { api, documentClient, endpoints, signUp } from './helpers';

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/**
 * One HTTP request with node:http, so a test controls what fetch would not let it: the local
 * address it comes from (any 127.x is this machine), a body sent in chunks, a forged header.
 */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Sent one after another without a content-length (chunked), as a stream would be. */
    chunks?: readonly string[];
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolveResponse, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolveResponse({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.chunks) {
      const [first, ...rest] = options.chunks;
      req.write(first ?? '');
      // A pause between chunks, so they really arrive as several writes.
      const next = (remaining: readonly string[]): void => {
        if (!remaining.length) {
          req.end();
          return;
        }
        setTimeout(() => {
          req.write(remaining[0] as string);
          next(remaining.slice(1));
        }, 20);
      };
      next(rest);
    } else {
      req.end(options.body);
    }
  });
}

const web = (path: string) => `${endpoints().webUrl}${path}`;
const gateway = (path: string) => `${endpoints().apiUrl}${path}`;
const json = (response: RawResponse) => JSON.parse(response.text) as Record<string, unknown>;

function configIn(html: string): Record<string, unknown> {
  const match = /<script id="runtime-config" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error(`No runtime config in:\n${html}`);
  return JSON.parse(match[1] as string) as Record<string, unknown>;
}

describe('the pages', () => {
  it('carry the runtime config in the HTML, with the API on this origin; there is no /config.json', async () => {
    const e = endpoints();
    const expected = {
      apiUrl: '/api',
      region: e.region,
      userPoolId: e.userPoolId,
      userPoolClientId: e.userPoolClientId,
      cognitoEndpoint: e.cognitoEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      stage: 'local',
    };
    for (const path of ['/', '/product/essential-organic-tee', '/index.html']) {
      const page = await send(web(path), { headers: { 'accept-encoding': 'identity' } });
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // Prerendered pages are kept at the edge until invalidated; browsers ask again either way.
      expect(page.headers['cache-control']).toBe(
        path === '/index.html' ? 'no-cache' : 'public, max-age=0, s-maxage=31536000',
      );
      expect(configIn(page.text), path).toEqual(expected);
    }
    // Compressed, the config is still there.
    const compressed = await fetch(web('/'), { headers: { 'accept-encoding': 'gzip' } });
    expect(configIn(await compressed.text())).toEqual(expected);

    expect((await send(web('/config.json'))).status).toBe(404);
  });
});

describe('the /api proxy', () => {
  it('answers as the gateway does, prefix off, query string kept, with the headers of both', async () => {
    const direct = await send(gateway('/products?lang=de&category=outerwear'));
    const proxied = await send(web('/api/products?lang=de&category=outerwear'));

    expect(proxied.status).toBe(200);
    expect(JSON.parse(proxied.text)).toEqual(JSON.parse(direct.text));
    expect((JSON.parse(proxied.text) as ListProductsResponse).items.length).toBeGreaterThan(0);
    expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
    expect(proxied.headers['cache-control']).toBe(CACHE_CONTROL.shared);
    expect(proxied.headers['apigw-requestid']).toMatch(/^[0-9a-f-]{36}$/);
    // The site's security headers, as CloudFront's response headers policy adds them to /api/* too.
    expect(proxied.headers['x-content-type-options']).toBe('nosniff');

    const sitemap = await send(web('/api/sitemap.xml'));
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain(`<loc>${endpoints().webUrl}/product/essential-organic-tee</loc>`);
  });

  it("keeps the API's own errors: an unknown route or method is its JSON 404, never the app's page", async () => {
    for (const [method, path] of [
      ['GET', '/api/no/such/route'],
      ['DELETE', '/api/products'],
      ['GET', '/api/'],
    ] as const) {
      const response = await send(web(path), { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(json(response)).toMatchObject({ error: 'NOT_FOUND' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('passes Authorization through: the caller is known, and the answer is private', async () => {
    const shopper = await signUp();
    const signedIn = await send(web('/api/me'), { headers: { authorization: `Bearer ${shopper.idToken}` } });
    const anonymous = await send(web('/api/me'));

    expect(signedIn.status).toBe(200);
    expect(json(signedIn)).toMatchObject({ email: shopper.email, isAdmin: false });
    expect(signedIn.headers['cache-control']).toBe(CACHE_CONTROL.personal);
    expect(anonymous.status).toBe(401);
    expect(json(anonymous)).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it('streams a request body sent in chunks, and answers with the status the API chose', async () => {
    const shopper = await signUp();
    const body = JSON.stringify({ email: `proxy-${Date.now()}@example.com` });
    const subscribed = await send(web('/api/newsletter/subscribers'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      chunks: [body.slice(0, 5), body.slice(5, 12), body.slice(12)],
    });
    expect(subscribed.status).toBe(202);
    expect(subscribed.headers['cache-control']).toBe(CACHE_CONTROL.none);

    const address = {
      firstName: 'Anna',
      lastName: 'Muster',
      address: 'Bahnhofstrasse 1',
      city: 'Zürich',
      zipCode: '8001',
      country: 'CH',
    };
    const added = await send(web('/api/addresses'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.idToken}` },
      body: JSON.stringify(address),
    });
    expect(added.status, added.text).toBe(201);
    const listed = await api<{ items: { city: string }[] }>('/addresses', { token: shopper.idToken });
    expect(listed.body.items.map((item) => item.city)).toEqual(['Zürich']);
  });

  it("refuses a body over the gateway's limit with the gateway's 413, announced or streamed", async () => {
    const limitBytes = 1024 * 1024;
    const tooLarge = 'x'.repeat(limitBytes + 1);
    const announced = await send(web('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: tooLarge,
    });
    const streamed = await send(web('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      chunks: [tooLarge.slice(0, limitBytes / 2), tooLarge.slice(limitBytes / 2)],
    });
    const direct = await send(gateway('/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: tooLarge,
    });

    for (const response of [announced, streamed, direct]) {
      expect(response.status).toBe(413);
      expect(json(response)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', details: { limitBytes } });
    }
  });

  it("gives the API the client's address as sourceIp, and believes no address a client names itself", async () => {
    const hits = async (address: string, windowStart: number): Promise<number | undefined> => {
      const caller = `ip:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: endpoints().tableName, Key: keys.rateWindow('chat', caller, windowStart) }),
      );
      return Item?.hits as number | undefined;
    };
    const windowStart = (): number =>
      Math.floor(Date.now() / 1000 / CHAT_RATE_LIMIT.windowSeconds) * CHAT_RATE_LIMIT.windowSeconds;
    const ask = (url: string, localAddress: string, forwardedFor: string) =>
      send(url, {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ message: 'How much does shipping cost?', history: [], locale: 'en' }),
      });

    // Guests are counted by address: each one here is this machine under another 127.x name.
    const suffix = 100 + Math.floor(Math.random() * 100);
    const [viaProxy, direct, forgedViaProxy, forgedDirect] = [1, 2, 3, 4].map((n) => `127.0.${n}.${suffix}`) as [
      string,
      string,
      string,
      string,
    ];
    const window = windowStart();
    expect((await ask(web('/api/chat'), viaProxy, forgedViaProxy)).status).toBe(200);
    expect((await ask(gateway('/chat'), direct, forgedDirect)).status).toBe(200);
    // A window that turned meanwhile is read as well.
    const count = async (address: string) => (await hits(address, window)) ?? (await hits(address, windowStart()));

    expect(await count(viaProxy)).toBe(1);
    expect(await count(direct)).toBe(1);
    expect(await count(forgedViaProxy)).toBeUndefined();
    expect(await count(forgedDirect)).toBeUndefined();
  });
});
