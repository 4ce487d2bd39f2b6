import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler } from './subscribe';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
});
// Whatever happens, only subscriber items are touched: what its IAM grant allows.
afterEach(() => void expectWithinTableScope('POST /newsletter/subscribers', ddbMock));

const subscribe = (body: unknown) => handler(apiEvent({ routeKey: 'POST /newsletter/subscribers', body }));

describe('POST /newsletter/subscribers', () => {
  it('stores the subscriber once and publishes NewsletterSubscribed', async () => {
    // Arrange
    ddbMock.on(PutCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    // Act
    const res = await subscribe({ email: '  Lea@Example.CH ', locale: 'de' });
    // Assert
    expect(res.statusCode).toBe(201);
    expect(parseBody(res)).toMatchObject({ email: 'lea@example.ch' });
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put).toMatchObject({
      TableName: 'test-table',
      ConditionExpression: 'attribute_not_exists(PK) OR isActive = :inactive',
      Item: { PK: 'SUBSCRIBER#lea@example.ch', SK: 'SUBSCRIBER', locale: 'de', isActive: true },
    });
    const entry = busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(entry).toMatchObject({ EventBusName: 'test-bus', Source: 'linea.shop', DetailType: 'NewsletterSubscribed' });
    expect(JSON.parse(entry.Detail!)).toMatchObject({ version: 1, email: 'lea@example.ch', locale: 'de' });
  });

  it('answers 409 ALREADY_SUBSCRIBED for an address on the list and publishes nothing', async () => {
    ddbMock
      .on(PutCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    const res = await subscribe({ email: 'lea@example.ch' });
    expect(res.statusCode).toBe(409);
    expect(parseBody(res)).toMatchObject({ error: 'ALREADY_SUBSCRIBED' });
    expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('removes the subscriber again when the event cannot be published, so a retry works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });
    const res = await subscribe({ email: 'lea@example.ch' });
    expect(res.statusCode).toBe(500);
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'SUBSCRIBER#lea@example.ch',
      SK: 'SUBSCRIBER',
    });
  });

  it('rejects an invalid email, naming the field', async () => {
    const res = await subscribe({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'email' })] } });
  });
});
