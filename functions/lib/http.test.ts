import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../tests/fixtures/api-event';
import { handler as subscribe } from '../http/newsletter/subscribe';
import { handler as getOverview } from '../http/admin/get-overview';
import { handler as getProduct } from '../http/products/get-product';
import { handler as sendContactMessage } from '../http/contact/send-contact-message';
import { findIllFormedText, toErrorResponse } from './http';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
  busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
});

describe('the HTTP edge', () => {
  it('rejects an unknown body field with 400 naming the field', async () => {
    const res = await subscribe(
      apiEvent({ routeKey: 'POST /newsletter/subscribers', body: { email: 'a@b.ch', coupon: 'FREE' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'coupon', message: 'Unknown field' }] },
    });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('rejects a wrongly typed field with 400 naming the field', async () => {
    const res = await subscribe(apiEvent({ routeKey: 'POST /newsletter/subscribers', body: { email: 42 } }));
    expect(res.statusCode).toBe(400);
    const body = parseBody(res);
    expect(body.message).toMatch(/^Invalid body: email: /);
  });

  it('rejects malformed JSON with 400 and a clear message', async () => {
    const res = await subscribe(apiEvent({ routeKey: 'POST /newsletter/subscribers', rawBody: '{"email": ' }));
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ error: 'VALIDATION', message: 'Request body is not valid JSON' });
  });

  it('rejects a missing body with 400', async () => {
    const res = await subscribe(apiEvent({ routeKey: 'POST /newsletter/subscribers' }));
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ error: 'VALIDATION', message: 'Request body is required' });
  });

  it('rejects a body over the route limit with 413 before parsing it', async () => {
    const res = await subscribe(
      apiEvent({ routeKey: 'POST /newsletter/subscribers', rawBody: JSON.stringify({ email: 'x'.repeat(2000) }) }),
    );
    expect(res.statusCode).toBe(413);
    expect(parseBody(res)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 1024 } });
  });

  it('rejects text holding a lone surrogate with 400 naming the field, before anything is stored', async () => {
    const res = await sendContactMessage(
      apiEvent({
        routeKey: 'POST /contact',
        rawBody: '{"name":"Anna","email":"anna@example.ch","message":"Hello \\ud800 there"}',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'message', message: 'Text is not valid Unicode' }] },
    });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('accepts well-formed text outside the BMP (an emoji is a valid surrogate pair)', () => {
    expect(findIllFormedText({ message: 'Merci 👋', lines: [{ note: 'ok' }] })).toBeUndefined();
    expect(findIllFormedText({ lines: [{ note: 'x\udc00' }] })).toBe('lines.0.note');
    expect(findIllFormedText({ ['k\ud800']: 'v' })).toBe('k\ud800');
  });

  it('walks bodies nested thousands of levels deep without overflowing the stack', () => {
    const depth = 50_000;
    const deepArrays = JSON.parse(`${'['.repeat(depth)}"x\\ud800"${']'.repeat(depth)}`) as unknown;
    expect(findIllFormedText(deepArrays)).toBe(Array.from({ length: depth }, () => '0').join('.'));
    const deepObjects = JSON.parse(`${'{"a":'.repeat(depth)}"fine"${'}'.repeat(depth)}`) as unknown;
    expect(findIllFormedText(deepObjects)).toBeUndefined();
  });

  it('answers a deeply nested body with 400, not 500, before anything is stored', async () => {
    // 3,000 levels in 6 KB, under the route's 8 KB: the API fuzz's first find.
    const res = await sendContactMessage(
      apiEvent({ routeKey: 'POST /contact', rawBody: `${'['.repeat(3_000)}${']'.repeat(3_000)}` }),
    );
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ error: 'VALIDATION' });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('rejects bytes that are not UTF-8 as invalid JSON', async () => {
    const bytes = Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('@b.ch"}')]);
    const res = await subscribe(
      apiEvent({
        routeKey: 'POST /newsletter/subscribers',
        rawBody: bytes.toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', ''],
  ])('rejects a body sent as %s with 415, so no page can post to the API without a preflight', async (_, type) => {
    const res = await subscribe(
      apiEvent({
        routeKey: 'POST /newsletter/subscribers',
        body: { email: 'a@b.ch' },
        headers: { 'content-type': type },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(parseBody(res)).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('accepts application/json with a charset, in any case', async () => {
    ddbMock.on(PutCommand).resolves({});
    const res = await subscribe(
      apiEvent({
        routeKey: 'POST /newsletter/subscribers',
        body: { email: 'a@b.ch' },
        headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      }),
    );
    expect(res.statusCode).not.toBe(415);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('answers 401 on an admin route without claims and 403 for a customer', async () => {
    const anonymous = await getOverview(apiEvent({ routeKey: 'GET /admin/overview' }));
    expect(anonymous.statusCode).toBe(401);
    expect(parseBody(anonymous)).toMatchObject({ error: 'UNAUTHENTICATED' });

    const customer = await getOverview(apiEvent({ routeKey: 'GET /admin/overview', claims: customerClaims() }));
    expect(customer.statusCode).toBe(403);
    expect(parseBody(customer)).toMatchObject({ error: 'FORBIDDEN' });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('lets an admin through', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [], Count: 0 });
    ddbMock.on(GetCommand).resolves({});
    const res = await getOverview(apiEvent({ routeKey: 'GET /admin/overview', claims: adminClaims() }));
    expect(res.statusCode).toBe(200);
  });

  it('in the cloud, refuses a request that did not come through the site (no origin header) with 403, reading nothing', async () => {
    vi.stubEnv('ORIGIN_VERIFY', 'origin-value-of-this-stage');
    try {
      ddbMock.on(GetCommand).resolves({});
      const event = (headers: Record<string, string>) =>
        apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'tee' }, headers });

      const attempts: Record<string, string>[] = [
        {},
        { 'x-origin-verify': 'origin-value-of-another' },
        { 'x-origin-verify': 'origin' },
      ];
      for (const headers of attempts) {
        const refused = await getProduct(event(headers));
        expect(refused.statusCode).toBe(403);
        expect(parseBody(refused)).toMatchObject({ error: 'FORBIDDEN' });
      }
      expect(ddbMock.calls()).toHaveLength(0);

      const through = await getProduct(event({ 'X-Origin-Verify': 'origin-value-of-this-stage' }));
      expect(through.statusCode).toBe(404);
      expect(ddbMock.calls()).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('hides internal failures behind a 500 with no detail', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(GetCommand).rejects(new Error('socket hang up at 10.0.0.12'));
    const res = await getProduct(apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'tee' } }));
    expect(res.statusCode).toBe(500);
    expect(parseBody(res)).toEqual({ error: 'INTERNAL', message: 'Internal error' });
    expect(res.body).not.toContain('10.0.0.12');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('refuses to run a handler for a route key other than its own, with a logged 500', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The contact handler, reached through the subscribe route (a miswired integration).
    const misrouted = apiEvent({
      routeKey: 'POST /newsletter/subscribers',
      body: { name: 'Anna', email: 'anna@example.com', message: 'Hello' },
    });
    const res = await sendContactMessage(misrouted);
    expect(res.statusCode).toBe(500);
    expect(parseBody(res)).toEqual({ error: 'INTERNAL', message: 'Internal error' });
    expect(ddbMock.calls()).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
    expect(String(spy.mock.calls[0]?.[0])).toContain('POST /contact');
    spy.mockRestore();
  });

  it('refuses an event whose two route keys disagree, and one with no route key at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const body = { name: 'Anna', email: 'anna@example.com', message: 'Hello' };
    const event = apiEvent({ routeKey: 'POST /contact', body });
    const halfRewired = {
      ...event,
      requestContext: { ...event.requestContext, routeKey: 'POST /newsletter/subscribers' },
    };
    expect((await sendContactMessage(halfRewired)).statusCode).toBe(500);
    const { routeKey: _dropped, ...withoutKey } = event;
    const direct = { ...withoutKey, requestContext: { ...event.requestContext, routeKey: undefined } };
    expect((await sendContactMessage(direct as unknown as typeof event)).statusCode).toBe(500);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('runs the handler when both route keys are its own', async () => {
    ddbMock.on(PutCommand).resolves({});
    const res = await sendContactMessage(
      apiEvent({ routeKey: 'POST /contact', body: { name: 'Anna', email: 'anna@example.com', message: 'Hello' } }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('maps a non-domain error to INTERNAL and a domain error to its status', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(toErrorResponse(new TypeError('x')).statusCode).toBe(500);
  });

  it.each([
    [
      'refused the connection',
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.12:443'), { code: 'ECONNREFUSED' }),
    ],
    [
      'timed out',
      Object.assign(new Error('a request has exceeded the configured 2500 ms requestTimeout'), {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      }),
    ],
    [
      'answered with a 5xx of its own',
      Object.assign(new Error('Internal server error'), {
        name: 'InternalServerError',
        $fault: 'server',
        $metadata: { httpStatusCode: 500 },
      }),
    ],
  ])('answers a typed 503 SERVICE_UNAVAILABLE when DynamoDB %s, saying nothing of where', async (_case, error) => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(GetCommand).rejects(error);
    const res = await getProduct(apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'tee' } }));
    expect(res.statusCode).toBe(503);
    expect(res.headers).toMatchObject({ 'retry-after': '5' });
    expect(parseBody(res)).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: 'The shop is briefly unavailable; please try again in a moment',
    });
    expect(res.body).not.toContain('10.0.0.12');
    spy.mockRestore();
  });

  it('keeps a client-side SDK failure (a bad request of ours) a 500', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ours = Object.assign(new Error('One or more parameter values were invalid'), {
      name: 'ValidationException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    expect(toErrorResponse(ours).statusCode).toBe(500);
  });
});
