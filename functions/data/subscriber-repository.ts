import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlreadySubscribedError } from '@linea/shared/errors';
import type { Locale } from '@linea/shared/domain/money';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

export interface Subscriber {
  email: string;
  locale: Locale;
  isActive: boolean;
  subscribedAt: string;
  /**
   * The secret in the unsubscribe link of every newsletter: random, one per subscriber, stored
   * with them (so it can be checked, and replaced, without a signing key to manage).
   */
  unsubscribeToken?: string;
}

/** 32 random bytes: the unsubscribe link cannot be guessed for someone else's address. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

function fromItem(item: Record<string, unknown>): Subscriber {
  return {
    email: String(item.email),
    locale: item.locale === 'de' ? 'de' : 'en',
    isActive: item.isActive !== false,
    subscribedAt: String(item.subscribedAt),
    ...(typeof item.unsubscribeToken === 'string' ? { unsubscribeToken: item.unsubscribeToken } : {}),
  };
}

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function createSubscriberRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  const partition = () => keys.subscriberByRecency('').GSI3PK;
  return {
    /**
     * Adds a subscriber, or takes back one who had unsubscribed; an address on the list is a
     * typed ALREADY_SUBSCRIBED error.
     */
    async add(subscriber: Subscriber): Promise<void> {
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.subscriber(subscriber.email),
              ...keys.subscriberByRecency(subscriber.subscribedAt),
              entity: 'Subscriber',
              schemaVersion: 1,
              unsubscribeToken: newUnsubscribeToken(),
              ...subscriber,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR isActive = :inactive',
            ExpressionAttributeValues: { ':inactive': false },
          }),
        );
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') throw new AlreadySubscribedError();
        throw err;
      }
    },

    async remove(email: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: table(), Key: keys.subscriber(email) }));
    },

    /**
     * A page of active subscribers in the order they subscribed (oldest first): a stable order,
     * so a newsletter's send can stop after any page and resume at the next.
     */
    async activePage(
      startKey: Record<string, unknown> | undefined,
      limit: number,
    ): Promise<{ items: Subscriber[]; nextKey?: Record<string, unknown> }> {
      const result = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          FilterExpression: 'isActive = :active',
          ExpressionAttributeValues: { ':pk': partition(), ':active': true },
          Limit: limit,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      return {
        items: (result.Items ?? []).map(fromItem),
        ...(result.LastEvaluatedKey ? { nextKey: result.LastEvaluatedKey } : {}),
      };
    },

    /** Spec §9: the 10 most recent active subscribers, and how many are active in all. */
    async recentActive(count: number): Promise<{ items: Subscriber[]; activeCount: number }> {
      const items: Subscriber[] = [];
      let activeCount = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: table(),
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            FilterExpression: 'isActive = :active',
            ExpressionAttributeValues: { ':pk': partition(), ':active': true },
            ScanIndexForward: false,
            ProjectionExpression: 'email, locale, isActive, subscribedAt',
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        for (const item of page.Items ?? []) {
          activeCount += 1;
          if (items.length < count) items.push(fromItem(item));
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return { items, activeCount };
    },

    /** The subscriber's unsubscribe token, made now for one who subscribed before tokens existed. */
    async tokenOf(email: string): Promise<string> {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.subscriber(email),
          UpdateExpression: 'SET unsubscribeToken = if_not_exists(unsubscribeToken, :token)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':token': newUnsubscribeToken() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return String(Attributes?.unsubscribeToken);
    },

    /**
     * Unsubscribes the address whose link this is. False for an unknown address or a wrong token
     * (told apart by nobody: the answer is the same). Idempotent: a second click is a success.
     */
    async unsubscribe(email: string, token: string, at: string): Promise<{ ok: boolean; locale?: Locale }> {
      const { Item } = await db.send(
        new GetCommand({ TableName: table(), Key: keys.subscriber(email), ConsistentRead: true }),
      );
      const subscriber = Item ? fromItem(Item) : undefined;
      if (!subscriber?.unsubscribeToken || !sameToken(subscriber.unsubscribeToken, token)) return { ok: false };
      if (subscriber.isActive) {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.subscriber(email),
            UpdateExpression: 'SET isActive = :inactive, unsubscribedAt = :at',
            ConditionExpression: 'unsubscribeToken = :token',
            ExpressionAttributeValues: { ':inactive': false, ':at': at, ':token': token },
          }),
        );
      }
      return { ok: true, locale: subscriber.locale };
    },
  };
}

export const subscribers = createSubscriberRepository();
