import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
const published = () => {
  const entry = busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
  return { type: entry.DetailType, detail: JSON.parse(entry.Detail!) as Record<string, unknown> };
};

describe('POST /newsletter/subscribers (double opt-in)', () => {
  it('stores a pending subscriber with a confirmation token and publishes NewsletterConfirmationRequested', async () => {
    // Arrange
    ddbMock.on(PutCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    // Act
    const res = await subscribe({ email: '  Lea@Example.CH ', locale: 'de' });
    // Assert
    expect(res.statusCode).toBe(202);
    expect(parseBody(res)).toEqual({ email: 'lea@example.ch', status: 'pending' });
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put).toMatchObject({
      TableName: 'test-table',
      ConditionExpression:
        'attribute_not_exists(PK) OR (isActive = :inactive AND (attribute_not_exists(confirmToken) OR #expiresAt <= :now))',
      Item: { PK: 'SUBSCRIBER#lea@example.ch', SK: 'SUBSCRIBER', locale: 'de', isActive: false },
    });
    // Pending: not in the recency index the lists, counts and newsletters read.
    expect(put.Item).not.toHaveProperty('GSI3PK');
    const token = put.Item!.confirmToken as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]).toMatchObject({
      EventBusName: 'test-bus',
      Source: 'linea.shop',
    });
    expect(published()).toEqual({
      type: 'NewsletterConfirmationRequested',
      detail: {
        version: 1,
        email: 'lea@example.ch',
        locale: 'de',
        token,
        metadata: { correlationId: expect.stringMatching(/^req-\d+$/) },
      },
    });
  });

  it('answers an address already on the list exactly as a new one, and has its owner sent a note instead', async () => {
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    ddbMock.on(PutCommand).resolves({});
    const fresh = await subscribe({ email: 'lea@example.ch' });

    ddbMock.reset();
    busMock.reset();
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e2' }] });
    ddbMock.on(PutCommand).rejects(conditionFailed());
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    const again = await subscribe({ email: 'lea@example.ch' });

    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(published()).toEqual({
      type: 'NewsletterAlreadySubscribed',
      detail: {
        version: 1,
        email: 'lea@example.ch',
        locale: 'en',
        metadata: { correlationId: expect.stringMatching(/^req-\d+$/) },
      },
    });
  });

  it('fails with 500 when the event cannot be published (a retry publishes the pending token)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(PutCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });
    const res = await subscribe({ email: 'lea@example.ch' });
    expect(res.statusCode).toBe(500);
    expect(parseBody(res)).toMatchObject({ error: 'INTERNAL' });
  });

  it('publishes the pending token again for an address signing up again, so the link it was sent still works', async () => {
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    ddbMock.on(PutCommand).rejects(conditionFailed());
    ddbMock.on(UpdateCommand).resolves({ Attributes: { confirmToken: 'P'.repeat(43), isActive: false } });

    const res = await subscribe({ email: 'lea@example.ch' });

    expect(parseBody(res)).toEqual({ email: 'lea@example.ch', status: 'pending' });
    expect(published()).toMatchObject({
      type: 'NewsletterConfirmationRequested',
      detail: { email: 'lea@example.ch', token: 'P'.repeat(43) },
    });
  });

  it('rejects an invalid email, naming the field', async () => {
    const res = await subscribe({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'email' })] } });
  });
});
