import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AlreadySubscribedError } from '@linea/shared/errors';
import type { Locale } from '@linea/shared/domain/money';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

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

/** The secret in the confirmation link of a sign-up (double opt-in): 32 random bytes, like the unsubscribe token. */
export const newConfirmToken = () => randomBytes(32).toString('base64url');

/**
 * How long a confirmation link works. A sign-up nobody confirms is someone's address that nobody
 * asked us to keep: DynamoDB's TTL deletes the pending item after this (within a day or two),
 * and a link followed after it and before the deletion is refused all the same.
 */
export const PENDING_SUBSCRIPTION_SECONDS = 7 * 24 * 60 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A sign-up: a pending subscriber and its confirmation token (new, or the one still pending), or an address already on the list (unchanged). */
export type SubscriptionRequest = { outcome: 'pending'; token: string } | { outcome: 'already-active' };

/**
 * Why SES's feedback took an address off the list: its mail bounced for good, or its owner marked
 * a mail as spam. Stored on the subscriber as `deactivatedBecause`, with `deactivatedAt`.
 */
export type DeactivationReason = 'bounced' | 'complained';

/** A confirmation link followed: now active, active already (the same link again), or not a valid link. */
export type ConfirmOutcome =
  { outcome: 'confirmed'; locale: Locale } | { outcome: 'already-active' } | { outcome: 'invalid' };

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

/** The list's active subscribers, as the GSI3 partition holds them in the order they subscribed. */
const activePartition = () => keys.subscriberByRecency('').GSI3PK;

/** A query of the active subscribers, oldest first unless `ScanIndexForward` says otherwise. */
const activeSubscribersQuery = (
  tableName: string,
  page: Pick<QueryCommandInput, 'Limit' | 'ScanIndexForward' | 'ProjectionExpression' | 'ExclusiveStartKey'>,
) =>
  new QueryCommand({
    TableName: tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: 'isActive = :active',
    ExpressionAttributeValues: { ':pk': activePartition(), ':active': true },
    ...page,
  });

/**
 * What a newsletter's send reads of the list (services/send-newsletter.ts): a page of active
 * subscribers and each one's unsubscribe token. A factory of its own, so the send's bundle leaves
 * out the sign-up, confirmation and unsubscribe operations.
 */
export function createSubscriberList(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /**
     * A page of active subscribers in the order they subscribed (oldest first): a stable order,
     * so a newsletter's send can stop after any page and resume at the next.
     */
    async activePage(
      startKey: Record<string, unknown> | undefined,
      limit: number,
    ): Promise<{ items: Subscriber[]; nextKey?: Record<string, unknown> }> {
      const result = await db.send(
        activeSubscribersQuery(table(), { Limit: limit, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
      );
      return {
        items: (result.Items ?? []).map(fromItem),
        ...(result.LastEvaluatedKey ? { nextKey: result.LastEvaluatedKey } : {}),
      };
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
  };
}

/** Every operation on the list: the send's (createSubscriberList) and the rest. */
export function createSubscriberRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    ...createSubscriberList(db, table),

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

    /**
     * Double opt-in, first step: stores the address as pending (`isActive: false`, no recency keys,
     * so no list, count or newsletter sees it) with a confirmation token. A new address, one that
     * had unsubscribed or was deactivated, and one whose link expired are (re)written with a fresh
     * token; one still pending keeps its token, its link working another week, because the
     * confirmation email has a per-address cooldown: a second sign-up soon after is sent no new
     * link, so the first must still work. An active subscriber is left as it is (conditional
     * writes, neither of which reads) and reported as such.
     */
    async requestSubscription(email: string, locale: Locale, now: Date): Promise<SubscriptionRequest> {
      const token = newConfirmToken();
      const requestedAt = now.toISOString();
      const expiresAt = epochSeconds(now) + PENDING_SUBSCRIPTION_SECONDS;
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.subscriber(email),
              entity: 'Subscriber',
              schemaVersion: 1,
              email: email.toLowerCase(),
              locale,
              isActive: false,
              confirmToken: token,
              requestedAt,
              [TTL_ATTRIBUTE]: expiresAt,
            },
            ConditionExpression:
              'attribute_not_exists(PK) OR (isActive = :inactive AND (attribute_not_exists(confirmToken) OR #expiresAt <= :now))',
            ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':inactive': false, ':now': epochSeconds(now) },
          }),
        );
        return { outcome: 'pending', token };
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      }
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.subscriber(email),
            UpdateExpression: 'SET locale = :locale, requestedAt = :at, #expiresAt = :expiresAt',
            ConditionExpression: 'isActive = :inactive AND attribute_exists(confirmToken)',
            ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':inactive': false,
              ':locale': locale,
              ':at': requestedAt,
              ':expiresAt': expiresAt,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { outcome: 'pending', token: String(Attributes?.confirmToken) };
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return { outcome: 'already-active' };
        throw err;
      }
    },

    /**
     * Double opt-in, second step: the link's token makes the pending subscriber active (subscribed
     * now, with an unsubscribe token and the recency keys the lists read). The used token is kept
     * as `confirmedToken`, so the same link clicked again is told 'already-active' while any other
     * token (or an unknown address) is 'invalid': the answer never tells whether an address is on
     * the list to someone without its link. Tokens are compared in constant time.
     */
    async confirm(email: string, token: string, now: Date): Promise<ConfirmOutcome> {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const { Item } = await db.send(
          new GetCommand({ TableName: table(), Key: keys.subscriber(email), ConsistentRead: true }),
        );
        if (!Item) return { outcome: 'invalid' };
        if (Item.isActive !== false) {
          return typeof Item.confirmedToken === 'string' && sameToken(Item.confirmedToken, token)
            ? { outcome: 'already-active' }
            : { outcome: 'invalid' };
        }
        if (typeof Item.confirmToken !== 'string' || !sameToken(Item.confirmToken, token))
          return { outcome: 'invalid' };
        if (typeof Item[TTL_ATTRIBUTE] === 'number' && Item[TTL_ATTRIBUTE] <= epochSeconds(now)) {
          return { outcome: 'invalid' };
        }
        const subscribedAt = now.toISOString();
        try {
          await db.send(
            new UpdateCommand({
              TableName: table(),
              Key: keys.subscriber(email),
              UpdateExpression:
                'SET isActive = :active, subscribedAt = :at, GSI3PK = :gsi3pk, GSI3SK = :gsi3sk, ' +
                'unsubscribeToken = if_not_exists(unsubscribeToken, :unsubscribeToken), confirmedToken = :token ' +
                'REMOVE confirmToken, #expiresAt',
              ConditionExpression: 'isActive = :inactive AND confirmToken = :token',
              // A subscriber is kept until they unsubscribe: the pending item's expiry goes.
              ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
              ExpressionAttributeValues: {
                ':active': true,
                ':inactive': false,
                ':at': subscribedAt,
                ':gsi3pk': keys.subscriberByRecency(subscribedAt).GSI3PK,
                ':gsi3sk': keys.subscriberByRecency(subscribedAt).GSI3SK,
                ':unsubscribeToken': newUnsubscribeToken(),
                ':token': token,
              },
            }),
          );
          return { outcome: 'confirmed', locale: fromItem(Item).locale };
        } catch (err) {
          // A second click at the same moment (or a new sign-up's token) won the race: read again.
          if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        }
      }
      return { outcome: 'invalid' };
    },

    /**
     * SES reported the address undeliverable (a permanent bounce) or unwanted (a complaint): the
     * subscriber becomes inactive with the reason, SES's time and its feedback id, and a pending
     * one loses its confirmation token, so no newsletter and no welcome reaches it. The first
     * report wins; a redelivered or later one, and an address that is no subscriber, change
     * nothing (false). A new sign-up of the address starts afresh, as after an unsubscribe.
     */
    async deactivate(email: string, reason: DeactivationReason, at: string, feedbackId: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.subscriber(email),
            UpdateExpression:
              'SET isActive = :inactive, deactivatedBecause = :reason, deactivatedAt = :at, ' +
              'deactivationFeedbackId = :feedbackId REMOVE confirmToken',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deactivatedBecause)',
            ExpressionAttributeValues: { ':inactive': false, ':reason': reason, ':at': at, ':feedbackId': feedbackId },
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },

    async remove(email: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: table(), Key: keys.subscriber(email) }));
    },

    /** Spec §9: the 10 most recent active subscribers, and how many are active in all. */
    async recentActive(count: number): Promise<{ items: Subscriber[]; activeCount: number }> {
      const items: Subscriber[] = [];
      let activeCount = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          activeSubscribersQuery(table(), {
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

// Pure calls: a bundle that uses one of the two leaves the other out.
export const subscribers = /* @__PURE__ */ createSubscriberRepository();
export const subscriberList = /* @__PURE__ */ createSubscriberList();
