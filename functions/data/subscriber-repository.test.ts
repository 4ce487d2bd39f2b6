import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSubscriberRepository, PENDING_SUBSCRIPTION_SECONDS } from './subscriber-repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const repository = createSubscriberRepository();
beforeEach(() => ddbMock.reset());

const now = new Date('2026-11-26T10:00:00.000Z');
const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });
const token = 'K'.repeat(43);
const pending = { email: 'lea@example.ch', locale: 'en', isActive: false, confirmToken: token };

describe('subscriber repository: double opt-in', () => {
  it('stores a sign-up as pending, outside the recency index, with a fresh token', async () => {
    ddbMock.on(PutCommand).resolves({});
    const first = await repository.requestSubscription('lea@example.ch', 'de', now);
    const second = await repository.requestSubscription('max@example.ch', 'de', now);

    expect(first.outcome).toBe('pending');
    expect(second.outcome).toBe('pending');
    if (first.outcome !== 'pending' || second.outcome !== 'pending') return;
    expect(first.token).not.toBe(second.token);
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({
      isActive: false,
      confirmToken: first.token,
      requestedAt: now.toISOString(),
      expiresAt: now.getTime() / 1000 + PENDING_SUBSCRIPTION_SECONDS,
    });
    expect(put.Item).not.toHaveProperty('GSI3PK');
    expect(put.Item).not.toHaveProperty('subscribedAt');
    // Written afresh only where no link is live: new, unsubscribed, deactivated or expired.
    expect(put.ConditionExpression).toBe(
      'attribute_not_exists(PK) OR (isActive = :inactive AND (attribute_not_exists(confirmToken) OR #expiresAt <= :now))',
    );
    expect(put.ExpressionAttributeValues).toEqual({ ':inactive': false, ':now': now.getTime() / 1000 });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('keeps the live token of a pending sign-up, so the link already sent still works, for another week', async () => {
    ddbMock.on(PutCommand).rejects(conditionFailed());
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...pending, locale: 'de' } });

    expect(await repository.requestSubscription('lea@example.ch', 'de', now)).toEqual({ outcome: 'pending', token });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update).toMatchObject({
      Key: { PK: 'SUBSCRIBER#lea@example.ch', SK: 'SUBSCRIBER' },
      UpdateExpression: 'SET locale = :locale, requestedAt = :at, #expiresAt = :expiresAt',
      ConditionExpression: 'isActive = :inactive AND attribute_exists(confirmToken)',
      ReturnValues: 'ALL_NEW',
    });
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':expiresAt': now.getTime() / 1000 + PENDING_SUBSCRIPTION_SECONDS,
    });
    // Neither write reads: the route may only write subscribers.
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('leaves an active subscriber as it is and says so', async () => {
    ddbMock.on(PutCommand).rejects(conditionFailed());
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    expect(await repository.requestSubscription('lea@example.ch', 'en', now)).toEqual({ outcome: 'already-active' });
  });

  it('confirms with the matching token: active, in the recency index, with an unsubscribe token', async () => {
    ddbMock.on(GetCommand).resolves({ Item: pending });
    ddbMock.on(UpdateCommand).resolves({});

    expect(await repository.confirm('lea@example.ch', token, now)).toEqual({ outcome: 'confirmed', locale: 'en' });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toContain('unsubscribeToken = if_not_exists(unsubscribeToken, :unsubscribeToken)');
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':active': true,
      ':at': now.toISOString(),
      ':gsi3pk': 'SUBSCRIBERS',
      ':gsi3sk': now.toISOString(),
    });
  });

  it('keeps the confirmed subscriber: the pending item’s expiry is removed', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { ...pending, expiresAt: now.getTime() / 1000 + 60 } });
    ddbMock.on(UpdateCommand).resolves({});

    expect(await repository.confirm('lea@example.ch', token, now)).toEqual({ outcome: 'confirmed', locale: 'en' });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toMatch(/REMOVE confirmToken, #expiresAt$/);
    expect(update.ExpressionAttributeNames).toEqual({ '#expiresAt': 'expiresAt' });
  });

  it('refuses a link followed after its 7 days, though DynamoDB has not deleted the item yet', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { ...pending, expiresAt: now.getTime() / 1000 } });

    expect(await repository.confirm('lea@example.ch', token, now)).toEqual({ outcome: 'invalid' });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a token that does not match, of the same length or not', async () => {
    ddbMock.on(GetCommand).resolves({ Item: pending });
    expect(await repository.confirm('lea@example.ch', 'J'.repeat(43), now)).toEqual({ outcome: 'invalid' });
    expect(await repository.confirm('lea@example.ch', 'K'.repeat(42), now)).toEqual({ outcome: 'invalid' });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('tells a second click of the same link apart from a guess once active', async () => {
    ddbMock
      .on(GetCommand)
      .resolves({ Item: { ...pending, isActive: true, confirmToken: undefined, confirmedToken: token } });
    expect(await repository.confirm('lea@example.ch', token, now)).toEqual({ outcome: 'already-active' });
    expect(await repository.confirm('lea@example.ch', 'J'.repeat(43), now)).toEqual({ outcome: 'invalid' });
  });

  it('reads again when a concurrent click confirmed first', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: pending })
      .resolves({ Item: { ...pending, isActive: true, confirmedToken: token } });
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    expect(await repository.confirm('lea@example.ch', token, now)).toEqual({ outcome: 'already-active' });
  });

  it('lists and counts only active subscribers, from the recency index pending ones are not in', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    await repository.activePage(undefined, 10);
    await repository.recentActive(10);
    for (const call of ddbMock.commandCalls(QueryCommand)) {
      expect(call.args[0].input).toMatchObject({
        IndexName: 'GSI3',
        FilterExpression: 'isActive = :active',
        ExpressionAttributeValues: { ':pk': 'SUBSCRIBERS', ':active': true },
      });
    }
  });
});
