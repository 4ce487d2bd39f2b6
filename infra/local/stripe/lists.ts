/** Stripe's list parameters: pages (`limit`, `starting_after`, `ending_before`), `expand`, `created` ranges. */
import type Stripe from 'stripe';
import { invalid, noSuch, oneOf } from './errors';
import type { Params } from './params';

export const paginate = <T extends { id: string }>(
  items: readonly T[],
  params: Params,
  url: string,
  objectName: string,
): Stripe.ApiList<T> => {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  if (after !== undefined && before !== undefined) throw oneOf(['ending_before', 'starting_after']);
  let data: T[];
  let hasMore: boolean;
  if (before !== undefined) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw noSuch(objectName, before, 'ending_before');
    const start = Math.max(0, index - limit);
    data = items.slice(start, index);
    hasMore = start > 0;
  } else {
    let start = 0;
    if (after !== undefined) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch(objectName, after, 'starting_after');
      start = index + 1;
    }
    data = items.slice(start, start + limit);
    hasMore = start + limit < items.length;
  }
  return { object: 'list', data, has_more: hasMore, url };
};

export const expandList = (params: Params, allowed: readonly string[]): Set<string> => {
  const requested = params.stringList('expand') ?? [];
  for (const path of requested) {
    if (!allowed.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
  }
  return new Set(requested);
};

export const createdFilter = (params: Params): ((created: number) => boolean) => {
  const value = params.node.created;
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = params.integer('created');
    return (created) => created === exact;
  }
  const range = params.object('created', ['gt', 'gte', 'lt', 'lte']);
  const gt = range?.integer('gt');
  const gte = range?.integer('gte');
  const lt = range?.integer('lt');
  const lte = range?.integer('lte');
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
};
