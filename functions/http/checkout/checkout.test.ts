import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody, installTestUserPool } from '../../../tests/fixtures/api-event';
import { aCustomer } from '../../../tests/fixtures/orders';
import { aProduct, storedProductItem } from '../../../tests/fixtures/products';
import type * as Payments from '../../lib/payments';
import { openCheckout } from '../../lib/payments';
import type * as PlaceOrder from '../../services/place-order';
import { placeOrder } from '../../services/place-order';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler } from './create-checkout';

// The service is a spy that runs the real placeOrder unless a test says otherwise.
vi.mock('../../services/place-order', async (importOriginal) => {
  const actual = await importOriginal<typeof PlaceOrder>();
  return { placeOrder: vi.fn(actual.placeOrder) };
});
vi.mock('../../lib/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof Payments>()),
  openCheckout: vi.fn(),
  expireCheckout: vi.fn(),
}));

// POST /checkout has `optional` access: the handler verifies a sent token itself (see orders.test.ts).
const pool = await installTestUserPool();

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddbMock.reset();
  vi.mocked(placeOrder).mockClear();
  vi.mocked(openCheckout).mockReset();
});

const SESSION_ID = 'cs_test_a1b2c3';
const PAYMENT_URL = `https://checkout.stripe.test/c/pay/${SESSION_ID}`;

/** A checkout body as the web app sends it. */
const body = () => ({
  lines: [{ productId: 'tee', size: 'M', color: 'White', quantity: 2 }],
  customer: aCustomer({ email: 'Anna@Example.CH' }),
  promoCode: ' welcome10 ',
  locale: 'de',
});

const checkoutEvent = (payload: unknown, token?: string) =>
  apiEvent({
    routeKey: 'POST /checkout',
    body: payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('POST /checkout', () => {
  // Whatever happens, only the partitions its IAM grant allows are touched.
  afterEach(() => void expectWithinTableScope('POST /checkout', ddbMock));

  it('refuses a body that sets price, total, status, userId or a line’s price with 400 naming each, and writes nothing', async () => {
    const base = body();
    const forged = {
      ...base,
      lines: [{ ...base.lines[0], price: 1 }],
      price: 1,
      total: 1,
      status: 'confirmed',
      userId: 'admin-1',
    };

    const res = await handler(checkoutEvent(forged));

    expect(res.statusCode).toBe(400);
    const { error, details } = parseBody(res) as { error: string; details: { fields: { field: string }[] } };
    expect(error).toBe('VALIDATION');
    expect(details.fields.map((f) => f.field).sort()).toEqual(['lines.0.price', 'price', 'status', 'total', 'userId']);
    expect(details.fields.every((f) => (f as { message?: string }).message === 'Unknown field')).toBe(true);
    expect(placeOrder).not.toHaveBeenCalled();
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('hands a guest’s valid body to placeOrder as parsed, with no actor, and answers 201 with the payment page', async () => {
    vi.mocked(placeOrder).mockResolvedValueOnce({ orderId: 'order-1', sessionId: SESSION_ID, url: PAYMENT_URL });

    const res = await handler(checkoutEvent(body()));

    expect(res.statusCode).toBe(201);
    expect(parseBody(res)).toEqual({ orderId: 'order-1', sessionId: SESSION_ID, url: PAYMENT_URL });
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(placeOrder).toHaveBeenCalledWith(
      {
        ...body(),
        customer: { ...body().customer, email: 'anna@example.ch' },
        promoCode: 'WELCOME10',
      },
      undefined,
    );
  });

  it('hands placeOrder the signed-in shopper who sent a valid token', async () => {
    vi.mocked(placeOrder).mockResolvedValueOnce({ orderId: 'order-1', sessionId: SESSION_ID, url: PAYMENT_URL });

    const res = await handler(checkoutEvent(body(), await pool.idToken('user-1')));

    expect(res.statusCode).toBe(201);
    expect(vi.mocked(placeOrder).mock.calls[0]![1]).toEqual({
      userId: 'user-1',
      email: 'user-1@example.com',
      firstName: 'Anna',
      lastName: 'Muster',
      isAdmin: false,
    });
  });

  it.each([
    ['not a JWT', async () => 'not-a-jwt'],
    ['signed by another key', () => pool.sign({ sub: 'user-1', token_use: 'id' }, { otherKey: true })],
    ['from another issuer', () => pool.sign({ sub: 'user-1', token_use: 'id' }, { issuer: 'https://evil.test' })],
  ])('answers 401 for a bearer token that is %s, rather than checking out as a guest', async (_, token) => {
    const res = await handler(checkoutEvent(body(), await token()));

    expect(res.statusCode).toBe(401);
    expect(parseBody(res)).toMatchObject({ error: 'UNAUTHENTICATED' });
    expect(placeOrder).not.toHaveBeenCalled();
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('answers 401 to an Authorization header with an empty bearer token', async () => {
    const res = await handler(
      apiEvent({ routeKey: 'POST /checkout', body: body(), headers: { authorization: 'Bearer ' } }),
    );

    expect(res.statusCode).toBe(401);
    expect(placeOrder).not.toHaveBeenCalled();
  });

  describe('through the real service', () => {
    const tee = storedProductItem(
      aProduct({
        id: 'tee',
        price: 4_900,
        stockQuantity: 5,
        sizes: ['S', 'M'],
        colors: ['White'],
        images: ['/images/products/tee.svg'],
      }),
    );

    it('writes the pending order at catalogue prices with its stock reservation, and answers 201', async () => {
      // Arrange
      ddbMock.on(BatchGetCommand).resolves({ Responses: { 'test-table': [tee] } });
      ddbMock.on(TransactWriteCommand).resolves({});
      ddbMock.on(UpdateCommand).resolves({});
      vi.mocked(openCheckout).mockResolvedValueOnce({ sessionId: SESSION_ID, url: PAYMENT_URL });
      const { promoCode: _promo, ...withoutPromo } = body();

      // Act
      const res = await handler(checkoutEvent(withoutPromo));

      // Assert: the answer
      expect(res.statusCode).toBe(201);
      const { orderId, sessionId, url } = parseBody(res) as { orderId: string; sessionId: string; url: string };
      expect({ sessionId, url }).toEqual({ sessionId: SESSION_ID, url: PAYMENT_URL });
      // the order and the reservation, in one transaction
      const write = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input as TransactWriteCommandInput;
      expect(write.TransactItems).toHaveLength(2);
      expect(write.TransactItems![0]!.Put).toMatchObject({
        TableName: 'test-table',
        ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          PK: `ORDER#${orderId}`,
          SK: 'ORDER',
          status: 'pending',
          email: 'anna@example.ch',
          items: [expect.objectContaining({ productId: 'tee', unitPrice: 4_900, quantity: 2, lineTotal: 9_800 })],
          subtotal: 9_800,
          shipping: 700,
          discount: 0,
          total: 10_500,
        },
      });
      expect(write.TransactItems![0]!.Put!.Item).not.toHaveProperty('userId');
      expect(write.TransactItems![1]!.Update).toMatchObject({
        Key: { PK: 'PRODUCT#tee', SK: 'PRODUCT' },
        ConditionExpression: 'attribute_exists(PK) AND stockQuantity >= :needed',
        ExpressionAttributeValues: { ':delta': -2, ':needed': 2 },
      });
      // the payment session attached to the order
      expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
        Key: { PK: `ORDER#${orderId}`, SK: 'ORDER' },
        ExpressionAttributeValues: { ':session': SESSION_ID },
      });
    });

    it('answers 409 OUT_OF_STOCK naming the line when the reservation finds the product short', async () => {
      ddbMock.on(BatchGetCommand).resolves({ Responses: { 'test-table': [tee] } });
      ddbMock.on(TransactWriteCommand).rejects(
        Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
        }),
      );
      const { promoCode: _promo, ...withoutPromo } = body();

      const res = await handler(checkoutEvent(withoutPromo));

      expect(res.statusCode).toBe(409);
      expect(parseBody(res)).toMatchObject({
        error: 'OUT_OF_STOCK',
        details: { lines: [{ productId: 'tee', size: 'M', color: 'White', requested: 2 }] },
      });
      expect(openCheckout).not.toHaveBeenCalled();
      expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    });
  });
});
