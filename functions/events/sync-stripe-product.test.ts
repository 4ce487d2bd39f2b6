import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { aProduct, storedProductItem } from '../../tests/fixtures/products';
import { stripeClient } from '../lib/clients/stripe';
import { handler } from './sync-stripe-product';

// The Stripe SDK as the consumer uses it: products.create and products.update, nothing else.
const stripe = vi.hoisted(() => ({ products: { create: vi.fn(), update: vi.fn() } }));
vi.mock('../lib/clients/stripe', () => ({ stripeClient: vi.fn(async () => stripe) }));

const ddbMock = mockClient(DynamoDBDocumentClient);
// Whatever happens, only the partitions its IAM grant allows are touched (rules.ts).
afterEach(() => void expectWithinRuleScope('StripeProductSync', ddbMock));
beforeEach(() => {
  ddbMock.reset();
  stripe.products.create.mockReset();
  stripe.products.update.mockReset();
  vi.mocked(stripeClient).mockClear();
});

const saved = (productId: string) =>
  handler(eventBridgeEvent('ProductSaved', { version: 1, productId, savedAt: '2026-11-24T10:00:00.000Z' }));

/** What the Stripe API answers when it is down (the SDK's own error shape). */
const stripeDown = () =>
  Object.assign(new Error('An error occurred with our connection to Stripe.'), { type: 'StripeConnectionError' });

describe('sync-stripe-product', () => {
  it('creates the Stripe product on the first save with an idempotency key per product, and stores its id', async () => {
    const product = aProduct({ id: 'tee', name: 'Organic Tee', description: 'Soft cotton.', active: true });
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    ddbMock.on(UpdateCommand).resolves({});
    stripe.products.create.mockResolvedValueOnce({ id: 'prod_Tee123', object: 'product' });

    await saved('tee');

    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'PRODUCT#tee', SK: 'PRODUCT' });
    expect(stripe.products.create).toHaveBeenCalledTimes(1);
    expect(stripe.products.create).toHaveBeenCalledWith(
      { name: 'Organic Tee', description: 'Soft cotton.', active: true, metadata: { productId: 'tee' } },
      { idempotencyKey: 'linea-product-tee' },
    );
    expect(stripe.products.update).not.toHaveBeenCalled();
    const [store] = ddbMock.commandCalls(UpdateCommand);
    expect(store!.args[0].input).toMatchObject({
      Key: { PK: 'PRODUCT#tee', SK: 'PRODUCT' },
      UpdateExpression: 'SET stripeProductId = :stripe',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':stripe': 'prod_Tee123' },
    });
  });

  it('sends the same idempotency key on a retry, so a lost answer cannot make a second Stripe product', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(aProduct({ id: 'tee' })) });
    ddbMock.on(UpdateCommand).resolves({});
    stripe.products.create.mockRejectedValueOnce(stripeDown()).mockResolvedValueOnce({ id: 'prod_Tee123' });

    await expect(saved('tee')).rejects.toThrow(/connection to Stripe/);
    await saved('tee');

    const keys = stripe.products.create.mock.calls.map(
      (call) => (call[1] as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toEqual(['linea-product-tee', 'linea-product-tee']);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('updates the Stripe product of a product that has one (name, description, active), creating nothing', async () => {
    const product = aProduct({
      id: 'tee',
      name: 'Organic Tee II',
      description: 'Softer.',
      active: false,
      stripeProductId: 'prod_Tee123',
    });
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(product) });
    stripe.products.update.mockResolvedValueOnce({ id: 'prod_Tee123' });

    await saved('tee');

    expect(stripe.products.update).toHaveBeenCalledTimes(1);
    expect(stripe.products.update).toHaveBeenCalledWith('prod_Tee123', {
      name: 'Organic Tee II',
      description: 'Softer.',
      active: false,
      metadata: { productId: 'tee' },
    });
    expect(stripe.products.create).not.toHaveBeenCalled();
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('does nothing for a product deleted since it was saved', async () => {
    ddbMock.on(GetCommand).resolves({});

    await saved('gone');

    expect(stripe.products.create).not.toHaveBeenCalled();
    expect(stripe.products.update).not.toHaveBeenCalled();
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('keeps quiet when the product is deleted between the Stripe call and storing the id', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(aProduct({ id: 'tee' })) });
    ddbMock
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    stripe.products.create.mockResolvedValueOnce({ id: 'prod_Tee123' });

    await expect(saved('tee')).resolves.toBeUndefined();
  });

  it('throws when Stripe fails, so the bus retries: on creating, on updating, and the id is not stored', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(aProduct({ id: 'tee' })) });
    stripe.products.create.mockRejectedValueOnce(stripeDown());
    await expect(saved('tee')).rejects.toThrow(/connection to Stripe/);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);

    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(aProduct({ id: 'tee', stripeProductId: 'prod_X' })) });
    stripe.products.update.mockRejectedValueOnce(stripeDown());
    await expect(saved('tee')).rejects.toThrow(/connection to Stripe/);
  });

  it('throws when the product cannot be read or its id cannot be stored', async () => {
    ddbMock.on(GetCommand).rejects(new Error('DynamoDB unavailable'));
    await expect(saved('tee')).rejects.toThrow('DynamoDB unavailable');
    expect(stripe.products.create).not.toHaveBeenCalled();

    ddbMock.on(GetCommand).resolves({ Item: storedProductItem(aProduct({ id: 'tee' })) });
    ddbMock.on(UpdateCommand).rejects(new Error('Throttled'));
    stripe.products.create.mockResolvedValueOnce({ id: 'prod_Tee123' });
    await expect(saved('tee')).rejects.toThrow('Throttled');
  });

  it('refuses an event of another type or a detail off the contract', async () => {
    await expect(
      handler(
        eventBridgeEvent('ProductDeleted', { version: 1, productId: 'tee' }) as unknown as Parameters<
          typeof handler
        >[0],
      ),
    ).rejects.toThrow(/received ProductDeleted/);
    await expect(handler(eventBridgeEvent('ProductSaved', { version: 1 }))).rejects.toThrow();
    expect(ddbMock.calls()).toHaveLength(0);
    expect(stripeClient).not.toHaveBeenCalled();
  });
});
