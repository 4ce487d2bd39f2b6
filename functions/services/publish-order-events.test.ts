import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import type { OutboxEntry } from '../data/order-repository';
import { publishOrderEvents } from './publish-order-events';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
});

const ORDER_ID = '3f6c1a2e-8b4d-4e2a-9c1f-5d7e8a9b0c1d';

function detail(changedAt: string, to: OrderStatusChangedV1['to']): OrderStatusChangedV1 {
  return {
    version: 1,
    orderId: ORDER_ID,
    from: 'pending',
    to,
    reason: 'payment_succeeded',
    email: 'anna@example.ch',
    locale: 'de',
    changedAt,
  };
}

const FIRST = { detailType: 'OrderStatusChanged', detail: detail('2026-11-21T10:00:00.000Z', 'confirmed') } as const;
const SECOND = { detailType: 'OrderStatusChanged', detail: detail('2026-11-21T10:05:00.000Z', 'processing') } as const;
const THIRD = { detailType: 'OrderStatusChanged', detail: detail('2026-11-21T10:09:00.000Z', 'shipped') } as const;

/** The stored order item, its outbox a map keyed by entry id (in no particular order). */
function orderItem(outbox: Record<string, Omit<OutboxEntry, 'id'>>) {
  return { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER', id: ORDER_ID, status: 'shipped', outbox };
}

/** What reached the bus, in order. */
const sentDetails = () =>
  busMock.commandCalls(PutEventsCommand).map((call) => JSON.parse(call.args[0].input.Entries![0]!.Detail!) as unknown);

describe('publishOrderEvents', () => {
  it('publishes the outbox oldest first, then clears exactly the entries published', async () => {
    // Arrange
    ddbMock.on(GetCommand).resolves({ Item: orderItem({ 'id-c': THIRD, 'id-a': FIRST, 'id-b': SECOND }) });
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    ddbMock.on(UpdateCommand).resolves({});

    // Act
    await publishOrderEvents(ORDER_ID);

    // Assert
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'test-table',
      Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' },
      ConsistentRead: true,
    });
    expect(sentDetails()).toEqual([FIRST.detail, SECOND.detail, THIRD.detail]);
    expect(busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries).toEqual([
      {
        EventBusName: 'test-bus',
        Source: 'linea.shop',
        DetailType: 'OrderStatusChanged',
        Detail: JSON.stringify(FIRST.detail),
      },
    ]);
    const clear = ddbMock.commandCalls(UpdateCommand);
    expect(clear).toHaveLength(1);
    expect(clear[0]!.args[0].input).toMatchObject({
      Key: { PK: `ORDER#${ORDER_ID}`, SK: 'ORDER' },
      UpdateExpression: 'REMOVE outbox.#e0, outbox.#e1, outbox.#e2',
      ExpressionAttributeNames: { '#e0': 'id-a', '#e1': 'id-b', '#e2': 'id-c' },
    });
  });

  it('clears only what was published when a later publish fails, and rethrows the failure', async () => {
    ddbMock.on(GetCommand).resolves({ Item: orderItem({ 'id-a': FIRST, 'id-b': SECOND, 'id-c': THIRD }) });
    busMock
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] })
      .rejectsOnce(new Error('EventBridge unavailable'));
    ddbMock.on(UpdateCommand).resolves({});

    await expect(publishOrderEvents(ORDER_ID)).rejects.toThrow('EventBridge unavailable');

    expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(2);
    const clear = ddbMock.commandCalls(UpdateCommand);
    expect(clear).toHaveLength(1);
    expect(clear[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'REMOVE outbox.#e0',
      ExpressionAttributeNames: { '#e0': 'id-a' },
    });
  });

  it('treats an entry the bus rejected (FailedEntryCount) as a failure and clears nothing', async () => {
    busMock
      .on(PutEventsCommand)
      .resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] });

    await expect(publishOrderEvents(ORDER_ID, [{ id: 'id-a', ...FIRST }])).rejects.toThrow(/InternalFailure/);

    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('publishes the entries it is given without reading the order again', async () => {
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    ddbMock.on(UpdateCommand).resolves({});

    await publishOrderEvents(ORDER_ID, [{ id: 'id-b', ...SECOND }]);

    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    expect(sentDetails()).toEqual([SECOND.detail]);
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeNames).toEqual({ '#e0': 'id-b' });
  });

  it('sends nothing for an empty outbox or an order that does not exist', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: orderItem({}) })
      .resolvesOnce({});

    await publishOrderEvents(ORDER_ID);
    await publishOrderEvents('no-such-order');

    expect(busMock.calls()).toHaveLength(0);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
