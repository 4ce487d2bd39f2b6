import type { SubscribeRequest, SubscribeResponse } from '@linea/shared/contracts/newsletter';
import { subscribers as subscriberRepository, type createSubscriberRepository } from '../data/subscriber-repository';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

interface Deps {
  subscribers: Pick<ReturnType<typeof createSubscriberRepository>, 'add' | 'remove'>;
  publish: typeof publishEvent;
  now: () => Date;
}

/**
 * Stores the subscriber, then announces it. If the event cannot be published the subscriber is
 * removed again, so the shopper's retry succeeds and gets the welcome email instead of being
 * told they are already subscribed to a list that never greeted them.
 */
export async function subscribeToNewsletter(
  request: SubscribeRequest,
  deps: Deps = { subscribers: subscriberRepository, publish: publishEvent, now: () => new Date() },
): Promise<SubscribeResponse> {
  const subscribedAt = deps.now().toISOString();
  const locale = request.locale ?? 'en';
  await deps.subscribers.add({ email: request.email, locale, isActive: true, subscribedAt });
  try {
    await deps.publish('NewsletterSubscribed', { version: 1, email: request.email, locale, subscribedAt });
  } catch (err) {
    logger.error('NewsletterSubscribed not published; rolling back the subscription', { err });
    await deps.subscribers.remove(request.email);
    throw err;
  }
  return { email: request.email, subscribedAt };
}
