import * as z from '../../../lib/zod-mini';
import { promoDto, type PromoDto } from '@linea/shared/contracts/promo-codes';
import { CUSTOMER_FIELDS, EMPTY_CUSTOMER, type CustomerValues } from './customer-form';

/** Per tab: what the shopper typed survives the trip to the payment page and back (Cancel, Back). */
const DRAFT_KEY = 'linea-checkout-draft';

export interface CheckoutDraft {
  values: CustomerValues;
  promo?: PromoDto;
  /** The payment session the shopper was sent to, until it is abandoned. */
  sessionId?: string;
}

const storedDraft = z.object({
  values: z.record(z.string(), z.string()),
  promo: z.optional(promoDto),
  sessionId: z.optional(z.string()),
});

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage may be unavailable (private mode, quota): the shopper types again.
  }
}

export function readCheckoutDraft(): CheckoutDraft | undefined {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const parsed = storedDraft.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const values = { ...EMPTY_CUSTOMER };
    for (const field of CUSTOMER_FIELDS) {
      const value = parsed.data.values[field];
      // The country is not a choice (Switzerland only): it always starts from the default.
      if (field !== 'country' && typeof value === 'string') values[field] = value;
    }
    const { promo, sessionId } = parsed.data;
    return { values, ...(promo ? { promo } : {}), ...(sessionId ? { sessionId } : {}) };
  } catch {
    return undefined;
  }
}

/** The payment session to abandon after a cancelled payment, handed out once. */
export function takePaymentSession(): string | undefined {
  const draft = readCheckoutDraft();
  if (!draft?.sessionId) return undefined;
  const { sessionId, ...rest } = draft;
  saveCheckoutDraft(rest);
  return sessionId;
}

/** Once an order is paid its details are not needed again. */
export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
