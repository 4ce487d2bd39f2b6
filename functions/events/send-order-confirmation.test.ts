import { readFileSync } from 'node:fs';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStatusChangedV1, type OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { anOrder, storedOrderItem } from '../../tests/fixtures/orders';
import type { Order } from '../data/order-repository';
import { handler } from './send-order-confirmation';

const ddbMock = mockClient(DynamoDBDocumentClient);
// Whatever happens, only the partitions its IAM grant allows are touched (rules.ts).
afterEach(() => void expectWithinRuleScope('OrderConfirmationEmail', ddbMock));
const sesMock = mockClient(SESClient);
beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
});

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/events/${name}`, import.meta.url), 'utf8'));

/** The v1 contract fixture, checked against the contract itself. */
const V1: OrderStatusChangedV1 = orderStatusChangedV1.parse(fixture('order-status-changed.v1.json'));

const ORDER_ID = V1.orderId;
const SESSION_ID = 'cs_test_a1b2c3';

/** A guest's order, paid on the hosted page, as the table stores it. */
function storedOrder(overrides: Partial<Order> = {}) {
  return storedOrderItem(
    anOrder({
      id: ORDER_ID,
      email: 'lea@example.ch',
      firstName: 'Lea',
      lastName: 'Keller',
      address: 'Seestrasse 4',
      city: 'Luzern',
      zipCode: '6004',
      locale: 'de',
      status: 'confirmed',
      statusHistory: [],
      stripeSessionId: SESSION_ID,
      updatedAt: '2026-11-21T09:35:00.000Z',
      ...overrides,
    }),
  );
}

const CLAIM_KEY = { PK: `ORDER#${ORDER_ID}`, SK: 'EMAIL#confirmation' };
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

const run = (detail: unknown) => handler(eventBridgeEvent('OrderStatusChanged', detail));

describe('send-order-confirmation', () => {
  it('mails a confirmed order once, in its language, to its email, after claiming the email on the order (contract v1)', async () => {
    // Arrange
    const steps: string[] = [];
    ddbMock.on(GetCommand).resolves({ Item: storedOrder() });
    ddbMock.on(PutCommand).callsFake(() => {
      steps.push('claim');
      return {};
    });
    ddbMock.on(UpdateCommand).callsFake(() => {
      steps.push('mark sent');
      return {};
    });
    sesMock.on(SendEmailCommand).callsFake(() => {
      steps.push('send');
      return { MessageId: 'm1' };
    });

    // Act
    await run(fixture('order-status-changed.v1.json'));

    // Assert: claim first, then exactly one email, then the claim is marked sent
    expect(steps).toEqual(['claim', 'send', 'mark sent']);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' });
    const claim = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(claim).toMatchObject({
      TableName: 'test-table',
      Item: { ...CLAIM_KEY, entity: 'OrderEmail', state: 'sending' },
      // A claim is free, or taken over once its holder has been silent for the lease.
      ConditionExpression: 'attribute_not_exists(PK) OR (#state = :sending AND claimedAt < :stale)',
    });
    const leaseMs =
      Date.parse(claim.Item!.claimedAt as string) - Date.parse(claim.ExpressionAttributeValues![':stale'] as string);
    expect(leaseMs).toBe(60_000);
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: CLAIM_KEY,
      ExpressionAttributeValues: { ':sent': 'sent' },
    });
    const sent = sesMock.commandCalls(SendEmailCommand);
    expect(sent).toHaveLength(1);
    const input = sent[0]!.args[0].input;
    expect(input.Source).toBe('shop@linea.test');
    expect(input.Destination?.ToAddresses).toEqual(['lea@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Ihre LINEA-Bestellung 8A9B0C1D');
    expect(input.Message?.Body?.Html?.Data).toContain('lang="de"');
    // A guest opens the order with the payment session id, their proof of purchase.
    expect(input.Message?.Body?.Html?.Data).toContain(
      `href="https://shop.linea.test/order-confirmation/${SESSION_ID}"`,
    );
    expect(input.Message?.Body?.Text?.Data).toContain('8A9B0C1D');
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('links a customer’s confirmation to the order id, writes it in the order’s language and to the order’s email', async () => {
    // The consumer loads the order by id: its email and language win over the event's copies.
    ddbMock
      .on(GetCommand)
      .resolves({ Item: storedOrder({ userId: 'user-1', locale: 'en', email: 'anna@example.ch' }) });
    ddbMock.on(PutCommand).resolves({});
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });

    await run(V1);

    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['anna@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Your LINEA order 8A9B0C1D');
    expect(input.Message?.Body?.Html?.Data).toContain(`href="https://shop.linea.test/order-confirmation/${ORDER_ID}"`);
  });

  it('sends nothing when an earlier delivery already sent the email', async () => {
    ddbMock.on(GetCommand, { Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' } }).resolves({ Item: storedOrder() });
    ddbMock.on(GetCommand, { Key: CLAIM_KEY }).resolves({ Item: { ...CLAIM_KEY, state: 'sent' } });
    ddbMock.on(PutCommand).rejects(conditionFailed());
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    await expect(run(V1)).resolves.toBeUndefined();
    log.mockRestore();

    expect(sesMock.calls()).toHaveLength(0);
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('waits for a delivery that is sending the email right now, and sends nothing once it has', async () => {
    ddbMock.on(GetCommand, { Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' } }).resolves({ Item: storedOrder() });
    ddbMock
      .on(GetCommand, { Key: CLAIM_KEY })
      .resolvesOnce({ Item: { ...CLAIM_KEY, state: 'sending' } })
      .resolves({ Item: { ...CLAIM_KEY, state: 'sent' } });
    ddbMock.on(PutCommand).rejects(conditionFailed());
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    await expect(run(V1)).resolves.toBeUndefined();
    log.mockRestore();

    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(2);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('gives the claim back and rethrows when SES fails, so the bus retries', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrder() });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    sesMock.on(SendEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded'));

    await expect(run(V1)).rejects.toThrow('Throttling');

    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(1);
    const claimedAt = ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item!.claimedAt;
    // Only its own claim: one taken over by another delivery meanwhile stays.
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({
      TableName: 'test-table',
      Key: CLAIM_KEY,
      ConditionExpression: 'claimedAt = :mine',
      ExpressionAttributeValues: { ':mine': claimedAt },
    });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('succeeds once the email is out even if the sent-mark cannot be written, so nothing retries and mails again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(GetCommand).resolves({ Item: storedOrder() });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(UpdateCommand).rejects(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await expect(run(V1)).resolves.toBeUndefined();

    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    // The claim stays, so a repeated delivery within its lease finds the email being sent.
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
    expect(spy.mock.calls.flat().join(' ')).toContain('sent but not marked');
    spy.mockRestore();
  });

  it.each(['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const)(
    'does nothing for a change to %s',
    async (to) => {
      await run({ ...V1, from: 'confirmed', to, reason: 'admin_update' });

      expect(ddbMock.calls()).toHaveLength(0);
      expect(sesMock.calls()).toHaveLength(0);
    },
  );

  it('throws when the order is gone, before claiming anything', async () => {
    ddbMock.on(GetCommand).resolves({});

    await expect(run(V1)).rejects.toThrow(ORDER_ID);

    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it.each([
    ['an unknown status', { ...V1, to: 'paid' }],
    ['no order id', { ...V1, orderId: undefined }],
    ['another version', { ...V1, version: 2 }],
    ['an unknown locale', { ...V1, locale: 'fr' }],
  ])('throws on a detail with %s, so the event is retried and dead-lettered', async (_, detail) => {
    await expect(run(detail)).rejects.toThrow();

    expect(ddbMock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });
});
