import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderStatusChangedV1 } from '@linea/shared/contracts/events';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { anOrder, anOrderItem, storedOrderItem } from '../../tests/fixtures/orders';
import { hashedCustomer } from '../data/stats-repository';
import { handler } from './update-order-stats';

const ddbMock = mockClient(DynamoDBDocumentClient);
// Whatever happens, only the partitions its IAM grant allows are touched (rules.ts).
afterEach(() => void expectWithinRuleScope('OrderStats', ddbMock));
beforeEach(() => ddbMock.reset());

/** The v1 contract fixture, checked against the contract itself. */
const V1 = orderStatusChangedV1.parse(
  JSON.parse(
    readFileSync(new URL('../../tests/fixtures/events/order-status-changed.v1.json', import.meta.url), 'utf8'),
  ),
);
const order = anOrder({
  id: V1.orderId,
  email: 'Lea@Example.ch',
  status: 'confirmed',
  createdAt: '2026-11-20T23:30:00.000Z',
  items: [anOrderItem({ productId: 'tee', quantity: 2, lineTotal: 9_800 })],
});
const run = (detail: unknown) => handler(eventBridgeEvent('OrderStatusChanged', detail));
const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('update-order-stats', () => {
  it("adds a paid order to its Zürich day, the totals and a new customer, with the transition's marker, in one transaction", async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    ddbMock.on(TransactWriteCommand).resolves({});

    await run({ ...V1, from: 'pending', to: 'confirmed' });

    const [call] = ddbMock.commandCalls(TransactWriteCommand);
    const [marker, day, totals, customer] = call!.args[0].input.TransactItems!;
    expect(marker?.Put).toMatchObject({
      Item: { PK: `STATS_APPLIED#${V1.orderId}`, SK: `${V1.changedAt}#pending#confirmed` },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(day?.Update?.Key).toEqual({ PK: 'STATS#DAY', SK: '2026-11-21' });
    const added = (update: typeof day) =>
      Object.fromEntries(
        Object.entries(update!.Update!.ExpressionAttributeNames!).map(([placeholder, name]) => [
          name,
          update!.Update!.ExpressionAttributeValues![placeholder.replace('#', ':')],
        ]),
      );
    expect(added(day)).toEqual({
      revenue: order.total,
      orders: 1,
      's:confirmed': 1,
      'u:tee': 2,
      'r:tee': 9_800,
      [`c:${hashedCustomer('lea@example.ch')}`]: 1,
    });
    expect(added(totals)).toEqual({ revenue: order.total, orders: 1, customers: 1 });
    expect(customer?.Update?.Key).toEqual({ PK: `STATS#CUSTOMER#${hashedCustomer('LEA@example.ch')}`, SK: 'STATS' });
  });

  it('counts a returning customer by trying again without the new-customer count when their counter says so', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed']))
      .resolves({});

    await run({ ...V1, from: 'pending', to: 'confirmed' });

    const second = ddbMock.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems!;
    expect(Object.values(second[2]!.Update!.ExpressionAttributeNames!)).toEqual(['revenue', 'orders']);
    expect(second[3]!.Update!.ConditionExpression).toBe('attribute_exists(paidOrders) AND paidOrders <> :edge');
  });

  it('changes nothing for a transition already applied (a redelivered event)', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None']));

    await expect(run({ ...V1, from: 'pending', to: 'confirmed' })).resolves.toBeUndefined();
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws for an order it cannot find, so the bus retries and then dead-letters the event', async () => {
    ddbMock.on(GetCommand).resolves({});
    await expect(run(V1)).rejects.toThrow(/not found/);
  });
});
