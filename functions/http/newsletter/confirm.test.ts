import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler } from './confirm';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
  busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
});
afterEach(() => void expectWithinTableScope('POST /newsletter/confirm', ddbMock));

const token = 'T'.repeat(43);
const confirm = (body: unknown) => handler(apiEvent({ routeKey: 'POST /newsletter/confirm', body }));
const pending = {
  PK: 'SUBSCRIBER#lea@example.ch',
  SK: 'SUBSCRIBER',
  email: 'lea@example.ch',
  locale: 'de',
  isActive: false,
  confirmToken: token,
  requestedAt: '2026-11-20T10:00:00.000Z',
};

describe('POST /newsletter/confirm', () => {
  it('activates the pending subscriber with its link and publishes NewsletterSubscribed (the welcome)', async () => {
    ddbMock.on(GetCommand).resolves({ Item: pending });
    ddbMock.on(UpdateCommand).resolves({});

    const res = await confirm({ email: 'Lea@example.ch', token });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({ email: 'lea@example.ch', confirmed: true });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toBe('isActive = :inactive AND confirmToken = :token');
    expect(update.UpdateExpression).toContain('REMOVE confirmToken');
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':active': true,
      ':gsi3pk': 'SUBSCRIBERS',
      ':token': token,
    });
    const entry = busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(entry.DetailType).toBe('NewsletterSubscribed');
    expect(JSON.parse(entry.Detail!)).toMatchObject({ version: 1, email: 'lea@example.ch', locale: 'de' });
  });

  it('answers the same link again with 200 and no second welcome', async () => {
    ddbMock
      .on(GetCommand)
      .resolves({ Item: { ...pending, isActive: true, confirmToken: undefined, confirmedToken: token } });

    const res = await confirm({ email: 'lea@example.ch', token });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({ email: 'lea@example.ch', confirmed: true });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it.each([
    ['a wrong token for a pending address', { Item: pending }, 'W'.repeat(43)],
    [
      'a wrong token for an active address',
      { Item: { ...pending, isActive: true, confirmedToken: token } },
      'W'.repeat(43),
    ],
    ['an unknown address', {}, token],
  ])('answers %s with 404 NOT_FOUND and changes nothing', async (_case, stored, sent) => {
    ddbMock.on(GetCommand).resolves(stored);

    const res = await confirm({ email: 'lea@example.ch', token: sent });

    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'NOT_FOUND' });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('keeps the subscriber confirmed, and answers 200, when the welcome cannot be published', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(GetCommand).resolves({ Item: pending });
    ddbMock.on(UpdateCommand).resolves({});
    busMock.on(PutEventsCommand).rejects(new Error('bus down'));

    const res = await confirm({ email: 'lea@example.ch', token });

    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
  });

  it('rejects a body without a token with 400 naming it', async () => {
    const res = await confirm({ email: 'lea@example.ch' });
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'token' })] } });
  });
});
