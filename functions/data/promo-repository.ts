import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Promo } from '@linea/shared/domain/promo';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';

export const PROMO_ENTITY = 'PromoCode';
const SCHEMA_VERSION = 1;

/** A stored promo code (spec §3): the code is upper-case and is the id. */
export type PromoCode = Promo & { readonly isActive: boolean; readonly createdAt: string };

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
  const base = { code: item.code as string, isActive: item.isActive === true, createdAt: item.createdAt as string };
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
  const { isActive: _active, createdAt: _created, ...promo } = code;
  return promo;
}

export function createPromoRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /** Pattern 16: the code if it exists and is active; `code` is already normalised. */
    async getActive(code: string): Promise<PromoCode | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.promo(code) }));
      if (!Item) return undefined;
      const promo = fromItem(Item);
      return promo.isActive ? promo : undefined;
    },

    /** Writes a code as is; used by seeding and, later, the admin's promo codes. */
    async put(promo: PromoCode): Promise<void> {
      await db.send(new PutCommand({ TableName: table(), Item: toItem(promo) }));
    },
  };
}

export type PromoRepository = ReturnType<typeof createPromoRepository>;
export const promos = createPromoRepository();
