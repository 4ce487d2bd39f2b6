import { randomInt } from 'node:crypto';
import { GENERATED_PROMO_CODE_LENGTH, type CreatePromoRequest } from '@linea/shared/contracts/promo-codes';
import { ConflictError } from '@linea/shared/errors';
import { promos as promoRepository, type PromoCode, type PromoRepository } from '../data/promo-repository';
import type { Actor } from '../lib/auth';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Spec §5: 8 characters from A–Z and 0–9, from a cryptographic source (codes are worth money). */
export function generatePromoCode(): string {
  return Array.from({ length: GENERATED_PROMO_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** A generated code that happens to exist is drawn again; a code the admin typed is theirs to change. */
const GENERATION_ATTEMPTS = 5;

/** Creates a code (spec §5), active, with its audit entry. */
export async function createPromo(
  request: CreatePromoRequest,
  actor: Actor,
  deps: { promos: Pick<PromoRepository, 'create'>; now: () => Date; generate: () => string } = {
    promos: promoRepository,
    now: () => new Date(),
    generate: generatePromoCode,
  },
): Promise<PromoCode> {
  const { code: typed, ...rest } = request;
  const limits = {
    ...(rest.usageLimit === undefined ? {} : { usageLimit: rest.usageLimit }),
    ...(rest.validFrom ? { validFrom: new Date(rest.validFrom).toISOString() } : {}),
    ...(rest.validUntil ? { validUntil: new Date(rest.validUntil).toISOString() } : {}),
  };
  const value =
    rest.type === 'percentage'
      ? { type: rest.type, percent: rest.percent }
      : rest.type === 'amount'
        ? { type: rest.type, amount: rest.amount }
        : { type: rest.type };
  for (let attempt = 1; ; attempt += 1) {
    const promo = {
      code: typed || deps.generate(),
      ...value,
      isActive: true,
      createdAt: deps.now().toISOString(),
      uses: 0,
      ...limits,
    } as PromoCode;
    try {
      await deps.promos.create(promo, actor);
      return promo;
    } catch (err) {
      if (!(err instanceof ConflictError) || typed || attempt >= GENERATION_ATTEMPTS) throw err;
    }
  }
}
