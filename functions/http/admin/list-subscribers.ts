import type { AdminSubscribersResponse } from '@linea/shared/contracts/newsletter';
import { subscribers } from '../../data/subscriber-repository';
import { httpHandler, json } from '../../lib/http';

/** Spec §9: the 10 most recent active subscribers. */
const SHOWN = 10;

export const handler = httpHandler('GET /admin/subscribers', {}, async () => {
  const { items, activeCount } = await subscribers.recentActive(SHOWN);
  const response: AdminSubscribersResponse = {
    items: items.map(({ email, locale, subscribedAt }) => ({ email, locale, subscribedAt })),
    activeCount,
  };
  return json(200, response);
});
