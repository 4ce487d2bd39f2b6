/** A Checkout Session as the API answers it: with its `url` while open and, when expanded, its line items. */
import type Stripe from 'stripe';
import { clone, type SessionRecord } from './state';

/** @param baseUrl where the stand-in listens: the hosted payment page is there. */
export function sessionView(record: SessionRecord, baseUrl: string, expandLineItems = false): Stripe.Checkout.Session {
  return {
    ...clone(record.session),
    url: record.session.status === 'open' ? `${baseUrl}/c/pay/${record.session.id}` : null,
    ...(expandLineItems ? { line_items: lineItemList(record, record.lineItems, false) } : {}),
  };
}

export function lineItemList(
  record: SessionRecord,
  items: readonly Stripe.LineItem[],
  hasMore: boolean,
): Stripe.ApiList<Stripe.LineItem> {
  return {
    object: 'list',
    data: clone([...items]),
    has_more: hasMore,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}
