import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminPromoDto } from '@linea/shared/contracts/promo-codes';
import type { Promo } from '@linea/shared/domain/promo';
import { ConflictError, NotFoundError } from '@linea/shared/errors';
import type { Actor } from '../lib/auth';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { auditEntryPut } from './audit';
import { keys } from './keys';
import { cancellationReasons, withConflictRetries } from './transactions';

export const PROMO_ENTITY = 'PromoCode';
const SCHEMA_VERSION = 1;

/**
 * A stored promo code (spec §3): the code is upper-case and is the id. Beyond the spec, an
 * optional usage limit and validity window; `uses` counts the orders holding the code now.
 */
export type PromoCode = Promo & {
  readonly isActive: boolean;
  readonly createdAt: string;
  readonly uses?: number;
  readonly usageLimit?: number;
  readonly validFrom?: string;
  readonly validUntil?: string;
};

/** Whether a shopper may use the code at `now`: active, inside its window, not used up. */
export function isUsable(promo: PromoCode, now: Date): boolean {
  const at = now.toISOString();
  return (
    promo.isActive &&
    (!promo.validFrom || promo.validFrom <= at) &&
    (!promo.validUntil || at < promo.validUntil) &&
    (promo.usageLimit === undefined || (promo.uses ?? 0) < promo.usageLimit)
  );
}

export function toAdminPromoDto(promo: PromoCode): AdminPromoDto {
  return { ...promo, uses: promo.uses ?? 0 } as AdminPromoDto;
}

/** At most this many codes in the admin's list: a boutique has dozens. */
const LISTED = 500;

function toItem(promo: PromoCode): Record<string, unknown> {
  return {
    ...keys.promo(promo.code),
    ...keys.promoByRecency(promo.createdAt),
    entity: PROMO_ENTITY,
    schemaVersion: SCHEMA_VERSION,
    ...promo,
  };
}

function fromItem(item: Record<string, unknown>): PromoCode {
  const base = {
    code: item.code as string,
    isActive: item.isActive === true,
    createdAt: item.createdAt as string,
    uses: typeof item.uses === 'number' ? item.uses : 0,
    ...(typeof item.usageLimit === 'number' ? { usageLimit: item.usageLimit } : {}),
    ...(typeof item.validFrom === 'string' ? { validFrom: item.validFrom } : {}),
    ...(typeof item.validUntil === 'string' ? { validUntil: item.validUntil } : {}),
  };
  switch (item.type) {
    case 'percentage':
      return { ...base, type: 'percentage', percent: item.percent as number };
    case 'amount':
      return { ...base, type: 'amount', amount: item.amount as number };
    default:
      return { ...base, type: 'free_shipping' };
  }
}

/** Drops storage fields, leaving what pricing needs. */
export function toPromo(code: PromoCode): Promo {
  switch (code.type) {
    case 'percentage':
      return { code: code.code, type: code.type, percent: code.percent };
    case 'amount':
      return { code: code.code, type: code.type, amount: code.amount };
    default:
      return { code: code.code, type: 'free_shipping' };
  }
}

export function createPromoRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /** Pattern 16: the code if a shopper may use it now; `code` is already normalised. */
    async getActive(code: string, now = new Date()): Promise<PromoCode | undefined> {
      const promo = await this.get(code);
      return promo && isUsable(promo, now) ? promo : undefined;
    },

    async get(code: string): Promise<PromoCode | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.promo(code) }));
      return Item ? fromItem(Item) : undefined;
    },

    /** The admin's list, newest first (GSI3 `PROMOS`). */
    async listRecent(): Promise<PromoCode[]> {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.promoByRecency('').GSI3PK },
          ScanIndexForward: false,
          Limit: LISTED,
        }),
      );
      return (Items ?? []).map(fromItem);
    },

    /** A new code and its audit entry in one transaction; a code that exists is a ConflictError. */
    async create(promo: PromoCode, actor: Actor): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: table(), Item: toItem(promo), ConditionExpression: 'attribute_not_exists(PK)' } },
              auditEntryPut(table(), {
                actor,
                action: 'CREATE',
                table: 'promo_codes',
                recordId: promo.code,
                after: toAdminPromoDto(promo),
                at: promo.createdAt,
              }),
            ],
          }),
        );
      } catch (err) {
        if (cancellationReasons(err)?.[0]?.Code === 'ConditionalCheckFailed')
          throw new ConflictError('Promo code', promo.code);
        throw err;
      }
    },

    /**
     * The active switch, with its audit entry, on the condition that the code still is as read
     * (a concurrent change or delete retries the read, then reports what it finds).
     */
    async setActive(code: string, isActive: boolean, actor: Actor, now = new Date()): Promise<PromoCode> {
      for (let attempt = 1; ; attempt += 1) {
        const current = await this.get(code);
        if (!current) throw new NotFoundError('Promo code', code);
        if (current.isActive === isActive) return current;
        try {
          await withConflictRetries(() =>
            db.send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Update: {
                      TableName: table(),
                      Key: keys.promo(code),
                      UpdateExpression: 'SET isActive = :to',
                      ConditionExpression: 'attribute_exists(PK) AND isActive = :from',
                      ExpressionAttributeValues: { ':to': isActive, ':from': current.isActive },
                    },
                  },
                  auditEntryPut(table(), {
                    actor,
                    action: 'UPDATE',
                    table: 'promo_codes',
                    recordId: code,
                    before: { isActive: current.isActive },
                    after: { isActive },
                    at: now.toISOString(),
                  }),
                ],
              }),
            ),
          );
          return { ...current, isActive };
        } catch (err) {
          // Changed or deleted since it was read: read again and decide on what is there now.
          if (cancellationReasons(err)?.[0]?.Code !== 'ConditionalCheckFailed' || attempt >= 3) throw err;
        }
      }
    },

    /** Deletes a code with its audit entry; orders that used it keep their copy of it. */
    async remove(code: string, actor: Actor, now = new Date()): Promise<void> {
      const current = await this.get(code);
      if (!current) throw new NotFoundError('Promo code', code);
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: { TableName: table(), Key: keys.promo(code), ConditionExpression: 'attribute_exists(PK)' },
              },
              auditEntryPut(table(), {
                actor,
                action: 'DELETE',
                table: 'promo_codes',
                recordId: code,
                before: toAdminPromoDto(current),
                at: now.toISOString(),
              }),
            ],
          }),
        );
      } catch (err) {
        if (cancellationReasons(err)?.[0]?.Code === 'ConditionalCheckFailed')
          throw new NotFoundError('Promo code', code);
        throw err;
      }
    },

    /** Writes a code as is; used by seeding and, later, the admin's promo codes. */
    async put(promo: PromoCode): Promise<void> {
      await db.send(new PutCommand({ TableName: table(), Item: toItem(promo) }));
    },
  };
}

export type PromoRepository = ReturnType<typeof createPromoRepository>;
export const promos = createPromoRepository();
