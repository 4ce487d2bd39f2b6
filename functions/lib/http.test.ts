import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../tests/fixtures/api-event';
import { handler as subscribe } from '../http/newsletter/subscribe';
import { handler as getOverview } from '../http/admin/get-overview';
import { handler as getProduct } from '../http/products/get-product';
import { toErrorResponse } from './http';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

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
    const res = await getOverview(apiEvent({ routeKey: 'GET /admin/overview', claims: adminClaims() }));
    expect(res.statusCode).toBe(200);
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

  it('maps a non-domain error to INTERNAL and a domain error to its status', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(toErrorResponse(new TypeError('x')).statusCode).toBe(500);
  });
});
