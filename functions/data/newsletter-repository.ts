import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NewsletterDto, NewsletterStatus } from '@linea/shared/contracts/newsletter';
import { NotFoundError } from '@linea/shared/errors';
import type { Actor } from '../lib/auth';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { auditEntryPut } from './audit';
import { keys } from './keys';

/**
 * A newsletter (spec §3) and the state of its send: `cursor` is the subscriber list's key where
 * the next batch starts, `sentCount` the emails sent so far.
 */
export interface Newsletter {
  id: string;
  title: string;
  subject: string;
  content: string;
  createdAt: string;
  status: NewsletterStatus;
  fromEmail?: string;
  sentCount: number;
  cursor?: Record<string, string>;
  sendStartedAt?: string;
  sentAt?: string;
  recipientCount?: number;
}

const LISTED = 100;

function fromItem(item: Record<string, unknown>): Newsletter {
  return {
    id: String(item.id),
    title: String(item.title),
    subject: String(item.subject),
    content: String(item.content),
    createdAt: String(item.createdAt),
    status: (item.status as NewsletterStatus) ?? 'draft',
    sentCount: typeof item.sentCount === 'number' ? item.sentCount : 0,
    ...(typeof item.fromEmail === 'string' ? { fromEmail: item.fromEmail } : {}),
    ...(item.cursor ? { cursor: item.cursor as Record<string, string> } : {}),
    ...(typeof item.sendStartedAt === 'string' ? { sendStartedAt: item.sendStartedAt } : {}),
    ...(typeof item.sentAt === 'string' ? { sentAt: item.sentAt } : {}),
    ...(typeof item.recipientCount === 'number' ? { recipientCount: item.recipientCount } : {}),
  };
}

export function toNewsletterDto(newsletter: Newsletter): NewsletterDto {
  const { cursor: _cursor, sendStartedAt: _started, ...dto } = newsletter;
  return dto;
}

export type StartOutcome = { outcome: 'started' | 'sending' | 'sent'; newsletter: Newsletter };

/**
 * What a newsletter's send does with it (services/send-newsletter.ts): read it, hold its lease,
 * claim and record each delivery, save its place in the list, finish it. A factory of its own, so
 * the send's bundle leaves out the admin's operations and their audit entries.
 */
export function createNewsletterSendRecords(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    async get(id: string): Promise<Newsletter | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: table(), Key: keys.newsletter(id), ConsistentRead: true }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    /**
     * Claims the email to one subscriber before it is sent. 'claimed': send it now. 'sent': it
     * went out in an earlier run. 'in-doubt': an earlier run claimed it and stopped before
     * recording the send (a crash between the two): the caller decides.
     */
    async claimDelivery(id: string, email: string, at: string): Promise<'claimed' | 'sent' | 'in-doubt'> {
      try {
        await db.send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.newsletterDelivery(id, email),
              entity: 'NewsletterDelivery',
              state: 'claimed',
              claimedAt: at,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return 'claimed';
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        const { Item } = await db.send(
          new GetCommand({ TableName: table(), Key: keys.newsletterDelivery(id, email), ConsistentRead: true }),
        );
        // A refused address stays refused: it counts as done, like a sent one.
        return Item?.state === 'sent' || Item?.state === 'refused' ? 'sent' : 'in-doubt';
      }
    },

    /** Records a sent email and counts it, in one transaction: counted once whatever happens next. */
    async markDelivered(id: string, email: string, at: string): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table(),
                  Key: keys.newsletterDelivery(id, email),
                  UpdateExpression: 'SET #state = :sent, sentAt = :at',
                  ConditionExpression: '#state = :claimed',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':sent': 'sent', ':claimed': 'claimed', ':at': at },
                },
              },
              {
                Update: {
                  TableName: table(),
                  Key: keys.newsletter(id),
                  UpdateExpression: 'ADD sentCount :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
      } catch (err) {
        // Already recorded by a run that overlapped this one: nothing more to count.
        if ((err as Error).name !== 'TransactionCanceledException') throw err;
      }
    },

    /**
     * One run sends at a time: the run holds a lease on the newsletter until `until`, renewed
     * after every page. False while another run holds an unexpired one.
     */
    async lease(id: string, runId: string, now: string, until: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.newsletter(id),
            UpdateExpression: 'SET leaseId = :run, leaseUntil = :until',
            ConditionExpression:
              '#status = :sending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseId = :run)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':run': runId, ':until': until, ':now': now, ':sending': 'sending' },
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },

    /** Lets the next run start at once (a hand-over to a new run). */
    async releaseLease(id: string, runId: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.newsletter(id),
            UpdateExpression: 'REMOVE leaseId, leaseUntil',
            ConditionExpression: 'leaseId = :run',
            ExpressionAttributeValues: { ':run': runId },
          }),
        );
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      }
    },

    /** An email SES refused for good: not sent, not counted, and not tried again on a resume. */
    async markRefused(id: string, email: string, at: string): Promise<void> {
      await db
        .send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.newsletterDelivery(id, email),
            UpdateExpression: 'SET #state = :refused, refusedAt = :at',
            ConditionExpression: '#state = :claimed',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':refused': 'refused', ':claimed': 'claimed', ':at': at },
          }),
        )
        .catch((err: unknown) => {
          if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        });
    },

    /** Where the next batch starts: saved after every batch, so a new run resumes there. */
    async saveCursor(id: string, cursor: Record<string, unknown>): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.newsletter(id),
          UpdateExpression: 'SET #cursor = :cursor',
          ConditionExpression: '#status = :sending',
          ExpressionAttributeNames: { '#cursor': 'cursor', '#status': 'status' },
          ExpressionAttributeValues: { ':cursor': cursor, ':sending': 'sending' },
        }),
      );
    },

    /** Spec §4: sent, with `sentAt` and `recipientCount`, once. */
    async finish(id: string, at: string): Promise<Newsletter | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.newsletter(id),
            UpdateExpression:
              'SET #status = :sent, sentAt = :at, recipientCount = sentCount REMOVE #cursor, leaseId, leaseUntil',
            ConditionExpression: '#status = :sending AND attribute_not_exists(sentAt)',
            ExpressionAttributeNames: { '#status': 'status', '#cursor': 'cursor' },
            ExpressionAttributeValues: { ':sent': 'sent', ':sending': 'sending', ':at': at },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? fromItem(Attributes) : undefined;
      } catch (err) {
        if ((err as Error).name === 'ConditionalCheckFailedException') return undefined;
        throw err;
      }
    },
  };
}

/** Every operation on newsletters: the send's (createNewsletterSendRecords) and the admin's. */
export function createNewsletterRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    ...createNewsletterSendRecords(db, table),

    /** Newest first (spec §2), GSI3 `NEWSLETTERS`. */
    async listRecent(): Promise<Newsletter[]> {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.newsletterByRecency('').GSI3PK },
          ScanIndexForward: false,
          Limit: LISTED,
        }),
      );
      return (Items ?? []).map(fromItem);
    },

    /** A draft and its audit entry, in one transaction. */
    async create(newsletter: Newsletter, actor: Actor): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table(),
                Item: {
                  ...keys.newsletter(newsletter.id),
                  ...keys.newsletterByRecency(newsletter.createdAt),
                  entity: 'Newsletter',
                  schemaVersion: 1,
                  ...newsletter,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            auditEntryPut(table(), {
              actor,
              action: 'CREATE',
              table: 'newsletters',
              recordId: newsletter.id,
              after: toNewsletterDto(newsletter),
              at: newsletter.createdAt,
            }),
          ],
        }),
      );
    },

    /**
     * Moves a draft to `sending` with its audit entry, once: asked again, it reports the send
     * that is under way (or done) and changes nothing, so the admin's second click, a retried
     * request or a resume after a crash never starts a second send.
     */
    async startSending(id: string, fromEmail: string, actor: Actor, at: string): Promise<StartOutcome> {
      const current = await this.get(id);
      if (!current) throw new NotFoundError('Newsletter', id);
      if (current.status !== 'draft') return { outcome: current.status, newsletter: current };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table(),
                  Key: keys.newsletter(id),
                  UpdateExpression: 'SET #status = :sending, fromEmail = :from, sendStartedAt = :at, sentCount = :zero',
                  ConditionExpression: '#status = :draft',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':sending': 'sending',
                    ':draft': 'draft',
                    ':from': fromEmail,
                    ':at': at,
                    ':zero': 0,
                  },
                },
              },
              auditEntryPut(table(), {
                actor,
                action: 'UPDATE',
                table: 'newsletters',
                recordId: id,
                before: { status: 'draft' },
                after: { status: 'sending', fromEmail },
                at,
              }),
            ],
          }),
        );
      } catch (err) {
        if ((err as Error).name !== 'TransactionCanceledException') throw err;
        const now = await this.get(id);
        if (!now) throw new NotFoundError('Newsletter', id);
        return { outcome: now.status === 'draft' ? 'sending' : now.status, newsletter: now };
      }
      return { outcome: 'started', newsletter: { ...current, status: 'sending', fromEmail, sentCount: 0 } };
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
// Pure calls: a bundle that uses one of the two leaves the other out.
export const newsletters = /* @__PURE__ */ createNewsletterRepository();
export const newsletterSendRecords = /* @__PURE__ */ createNewsletterSendRecords();
