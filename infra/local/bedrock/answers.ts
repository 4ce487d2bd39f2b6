/** Answers composed from tool results (pure). */
import type { ChatToolProduct, SizeAdviceInput } from '../../../shared/contracts/chat';
import type { Language } from './language';
import { TEXTS } from './texts';
import type { PolicyTopic } from './understand';
import { isObject } from './wire';

/** At most this many products are named in an answer. */
const NAMED_PRODUCTS = 3;

const formatNumber = (value: number, language: Language): string =>
  new Intl.NumberFormat(`${language}-CH`, { maximumFractionDigits: 1 }).format(value);

function formatDay(isoDay: string, language: Language): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay) || Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat(`${language}-CH`, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export interface ToolOutcome {
  readonly name: string;
  readonly input: unknown;
  readonly ok: boolean;
  readonly result: unknown;
}

export const isProduct = (value: unknown): value is ChatToolProduct =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.priceText === 'string' &&
  Array.isArray(value.sizes) &&
  Array.isArray(value.colors);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * One tool result as a sentence or two. Only the named fields are read: product texts are data,
 * never instructions. A result of unexpected shape is answered like a failed tool.
 */
export function answerFor(outcome: ToolOutcome, language: Language, details = false): string {
  const t = TEXTS[language];
  const result = outcome.result;
  if (!outcome.ok || !isObject(result) || 'error' in result) return t.toolError;
  switch (outcome.name) {
    case 'search_products': {
      if (!Array.isArray(result.products)) return t.toolError;
      const products = result.products.filter(isProduct);
      if (!products.length) return t.nothingFound;
      const named = products.slice(0, NAMED_PRODUCTS);
      const total = typeof result.total === 'number' ? result.total : products.length;
      return `${t.found(named.map((p) => t.productLine(p, details)))}${total > named.length ? t.moreFound(total) : ''}`;
    }
    case 'get_product': {
      if (result.found === false) return t.productGone;
      return isProduct(result.product) ? t.product(result.product) : t.toolError;
    }
    case 'size_advice': {
      const input = (isObject(outcome.input) ? outcome.input : {}) as Partial<SizeAdviceInput>;
      const rows = Array.isArray(result.rows) ? result.rows.filter(isObject) : [];
      if (result.table === 'none' || !rows.length) return t.noTable;
      const what = t.measured(result.measured === 'waist' ? 'waist' : 'chest');
      const unit = input.unit === 'in' ? 'in' : 'cm';
      const measurementCm = typeof result.measurementCm === 'number' ? result.measurementCm : undefined;
      const measurement =
        typeof input.measurement === 'number'
          ? `${formatNumber(input.measurement, language)} ${unit}${unit === 'in' && measurementCm !== undefined ? ` (${formatNumber(measurementCm, language)} cm)` : ''}`
          : `${formatNumber(measurementCm ?? 0, language)} cm`;
      const range = (row: Record<string, unknown> | undefined) =>
        row ? (unit === 'in' ? `${String(row.inches)} in` : `${String(row.cm)} cm`) : '';
      const rowOf = (size: unknown) => rows.find((row) => row.size === size);
      if (result.outside === 'below') return t.below(what, measurement, String(rows[0]?.size), range(rows[0]));
      const last = rows[rows.length - 1];
      if (result.outside === 'above') return t.above(what, measurement, String(last?.size), range(last));
      const size = text(result.size);
      if (!size) return t.toolError;
      const alternative = text(result.alternative);
      if (alternative) {
        const sizeFirst =
          rows.indexOf(rowOf(size) as Record<string, unknown>) >
          rows.indexOf(rowOf(alternative) as Record<string, unknown>);
        const [larger, smaller] = sizeFirst ? [size, alternative] : [alternative, size];
        return `${t.between(what, measurement, larger, smaller)}${t.guideLink}`;
      }
      return `${t.sizeIs(what, measurement, size, range(rowOf(size)))}${t.guideLink}`;
    }
    case 'shop_policies': {
      const topic = isObject(outcome.input) && typeof outcome.input.topic === 'string' ? outcome.input.topic : 'all';
      const shipping = isObject(result.shipping) ? result.shipping : {};
      const dispatch = isObject(result.dispatch) ? result.dispatch : {};
      const returns = isObject(result.returns) ? result.returns : {};
      const contact = isObject(result.contact) ? result.contact : {};
      const sentences: Record<Exclude<PolicyTopic, 'all'>, string> = {
        shipping: t.shipping(String(shipping.feeText), strings(shipping.countries)),
        dispatch: t.dispatch(Number(dispatch.minBusinessDays), Number(dispatch.maxBusinessDays)),
        returns: t.returns(Number(returns.windowDays)),
        contact: t.contact(
          strings(contact.hours),
          Number(contact.replyWithinHours),
          text(contact.contactPage) ?? '/contact',
        ),
      };
      return topic === 'all' || !(topic in sentences)
        ? Object.values(sentences).join(' ')
        : sentences[topic as keyof typeof sentences];
    }
    case 'my_orders': {
      if (result.signedIn !== true) return t.signIn;
      const orders = Array.isArray(result.orders) ? result.orders.filter(isObject) : [];
      const newest = orders[0];
      if (!newest) return t.noOrders;
      const carrier = text(newest.carrier);
      const trackingNumber = text(newest.trackingNumber);
      const trackingUrl = text(newest.trackingUrl);
      return [
        t.latestOrder(
          String(newest.number),
          formatDay(String(newest.placedAt), language),
          String(newest.totalText),
          String(newest.statusText),
        ),
        carrier || trackingNumber || trackingUrl ? t.tracking(carrier, trackingNumber, trackingUrl) : '',
        orders.length > 1 ? t.otherOrders(orders.length - 1) : '',
      ].join('');
    }
    default:
      return t.toolError;
  }
}
