import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, customerClaims, parseBody, installTestUserPool } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { anOrder, storedOrderItem } from '../../../tests/fixtures/orders';
import type * as Payments from '../../lib/payments';
import { readCheckout } from '../../lib/payments';
import { handler as getOrder } from './get-order';
import { handler as orderFromSession } from './order-from-session';

// Only the Stripe adapter's call to Stripe is replaced; the outcome rules stay real.
vi.mock('../../lib/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof Payments>()),
  readCheckout: vi.fn(),
}));

/*
 * GET /orders/{id} has `optional` access: no API Gateway authorizer runs, the handler verifies
 * the Cognito ID token itself. These tests sign real RS256 tokens and serve the pool's JWKS
 * (fetch is stubbed; nothing leaves the machine), instead of mocking lib/token: that way the
 * "who may read this order" answer is tested through the same token check production runs,
 * and a broken check (wrong issuer, audience, key or token_use) fails them.
 */
const pool = await installTestUserPool();

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
  vi.mocked(readCheckout).mockReset();
});

const ORDER_ID = '3f6c1a2e-8b4d-4e2a-9c1f-5d7e8a9b0c1d';
const SESSION_ID = 'cs_test_a1b2c3';

const ORDER = anOrder({
  id: ORDER_ID,
  userId: 'user-1',
  email: 'anna@example.ch',
  locale: 'de',
  subtotal: 9_800,
  shipping: 700,
  discount: 980,
  total: 9_520,
  vat: 713,
  promo: { code: 'WELCOME10', type: 'percentage' },
  status: 'pending',
  stripeSessionId: SESSION_ID,
  updatedAt: '2026-11-21T09:31:00.000Z',
});

/** What the owner, an admin and a guest holding the session see: no keys, history, session or user id. */
const DTO = {
  id: ORDER_ID,
  number: '8A9B0C1D',
  status: 'pending',
  createdAt: '2026-11-21T09:30:00.000Z',
  email: 'anna@example.ch',
  firstName: 'Anna',
  lastName: 'Muster',
  address: 'Bahnhofstrasse 12',
  city: 'Zürich',
  zipCode: '8001',
  country: 'CH',
  locale: 'de',
  items: ORDER.items,
  subtotal: 9_800,
  shipping: 700,
  discount: 980,
  total: 9_520,
  vat: 713,
  promo: { code: 'WELCOME10', type: 'percentage' },
};

const getOrderEvent = (id: string, token?: string, claims?: Record<string, string>) =>
  apiEvent({
    routeKey: 'GET /orders/{id}',
    pathParameters: { id },
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(claims ? { claims } : {}),
  });

describe('GET /orders/{id}', () => {
  // Whatever happens, only the partitions its IAM grant allows are touched.
  afterEach(() => void expectWithinTableScope('GET /orders/{id}', ddbMock));

  it('answers the owner with the order as its DTO, numbered by the last 8 characters of its id', async () => {
    // Arrange
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(ORDER) });
    // Act
    const res = await getOrder(getOrderEvent(ORDER_ID, await pool.idToken('user-1')));
    // Assert
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual(DTO);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' },
      ConsistentRead: true,
    });
  });

  it('answers an admin with any customer’s order', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(ORDER) });

    const res = await getOrder(getOrderEvent(ORDER_ID, await pool.idToken('admin-1', ['admin'])));

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual(DTO);
  });

  it('answers another customer 404, exactly as for an order that does not exist, so ids cannot be probed', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: storedOrderItem(ORDER) })
      .resolvesOnce({});
    const token = await pool.idToken('user-2');

    const someoneElses = await getOrder(getOrderEvent(ORDER_ID, token));
    const unknown = await getOrder(getOrderEvent(ORDER_ID, token));

    expect(someoneElses.statusCode).toBe(404);
    expect(parseBody(someoneElses)).toMatchObject({ error: 'NOT_FOUND' });
    expect(someoneElses.body).toBe(unknown.body);
    expect(someoneElses.body).not.toContain('anna@example.ch');
  });

  it('answers 404 to an anonymous caller, for a customer’s order and for a guest’s', async () => {
    const { userId: _userId, ...guestOrder } = ORDER;
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: storedOrderItem(ORDER) })
      .resolvesOnce({ Item: storedOrderItem(guestOrder) });

    const customers = await getOrder(getOrderEvent(ORDER_ID));
    const guests = await getOrder(getOrderEvent(ORDER_ID));

    expect(customers.statusCode).toBe(404);
    expect(guests.statusCode).toBe(404);
    expect(parseBody(guests)).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('trusts no authorizer claims on this route: without a token the caller is anonymous', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(ORDER) });

    const res = await getOrder(getOrderEvent(ORDER_ID, undefined, customerClaims('user-1')));

    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for an order that does not exist, after looking it up by its key', async () => {
    ddbMock.on(GetCommand).resolves({});

    const res = await getOrder(getOrderEvent('no-such-order', await pool.idToken('user-1')));

    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'NOT_FOUND', details: { id: 'no-such-order' } });
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'ORDER#no-such-order', SK: 'ORDER' });
  });

  it.each([
    ['expired', () => pool.sign(customerClaims('user-1'), { expiresAt: Math.floor(Date.now() / 1000) - 60 })],
    ['signed by another key', () => pool.sign(customerClaims('user-1'), { otherKey: true })],
    ['for another app', () => pool.sign(customerClaims('user-1'), { audience: 'another-client' })],
    ['an access token', () => pool.sign({ ...customerClaims('user-1'), token_use: 'access' })],
  ])('answers 401 for a token that is %s, before reading anything', async (_, token) => {
    const res = await getOrder(getOrderEvent(ORDER_ID, await token()));

    expect(res.statusCode).toBe(401);
    expect(parseBody(res)).toMatchObject({ error: 'UNAUTHENTICATED' });
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

const fromSessionEvent = (body: unknown, headers?: Record<string, string>) =>
  apiEvent({ routeKey: 'POST /orders/from-session', body, ...(headers ? { headers } : {}) });

describe('POST /orders/from-session', () => {
  afterEach(() => void expectWithinTableScope('POST /orders/from-session', ddbMock));

  it('answers 400 naming sessionId for an id that is not a checkout session’s, and asks Stripe nothing', async () => {
    const res = await orderFromSession(fromSessionEvent({ sessionId: 'pi_3Nx4abc' }));

    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'sessionId', message: 'A checkout session id starts with cs_' }] },
    });
    expect(readCheckout).not.toHaveBeenCalled();
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('answers 415 for a text/plain body', async () => {
    const res = await orderFromSession(fromSessionEvent({ sessionId: SESSION_ID }, { 'content-type': 'text/plain' }));

    expect(res.statusCode).toBe(415);
    expect(parseBody(res)).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(readCheckout).not.toHaveBeenCalled();
  });

  it('answers 404 for a session Stripe does not know', async () => {
    vi.mocked(readCheckout).mockResolvedValueOnce(undefined);

    const res = await orderFromSession(fromSessionEvent({ sessionId: SESSION_ID }));

    expect(res.statusCode).toBe(404);
    expect(readCheckout).toHaveBeenCalledWith(SESSION_ID);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('confirms the order of a paid session, publishes the change and answers with the order', async () => {
    // Arrange
    vi.mocked(readCheckout).mockResolvedValueOnce({
      id: SESSION_ID,
      orderId: ORDER_ID,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: ORDER.total,
      currency: 'chf',
    });
    const changed = {
      detailType: 'OrderStatusChanged',
      detail: {
        version: 1,
        orderId: ORDER_ID,
        from: 'pending',
        to: 'confirmed',
        reason: 'payment_succeeded',
        email: 'anna@example.ch',
        locale: 'de',
        changedAt: '2026-11-21T09:35:00.000Z',
      },
    };
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: storedOrderItem(ORDER) })
      .resolves({ Item: storedOrderItem({ ...ORDER, status: 'confirmed' }, { 'entry-1': changed }) });
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(UpdateCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });

    // Act
    const res = await orderFromSession(fromSessionEvent({ sessionId: SESSION_ID }));

    // Assert: the answer
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({ ...DTO, status: 'confirmed' });
    // the conditional transition, with no stock change and no Stripe event to record
    const write = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input as TransactWriteCommandInput;
    expect(write.TransactItems).toHaveLength(1);
    expect(write.TransactItems![0]!.Update).toMatchObject({
      Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' },
      ConditionExpression: '#status = :from',
      ExpressionAttributeValues: { ':from': 'pending', ':to': 'confirmed' },
    });
    // the event published from the outbox, and the outbox cleared
    expect(JSON.parse(busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!.Detail!)).toEqual({
      ...changed.detail,
      metadata: { correlationId: expect.stringMatching(/^req-\d+$/) },
    });
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'REMOVE outbox.#e0',
      ExpressionAttributeNames: { '#e0': 'entry-1' },
    });
  });
});
