import type {
  ConfirmSubscriptionRequest,
  SubscribeRequest,
  SubscribeResponse,
} from '@linea/shared/contracts/newsletter';
import { NotFoundError } from '@linea/shared/errors';
import { subscribers as subscriberRepository, type createSubscriberRepository } from '../data/subscriber-repository';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

type Repository = ReturnType<typeof createSubscriberRepository>;

interface Deps {
  subscribers: Pick<Repository, 'requestSubscription'>;
  publish: typeof publishEvent;
  now: () => Date;
}

/**
 * A sign-up (double opt-in): the address is stored as pending and its owner is mailed a
 * confirmation link; an address already on the list is left as it is and its owner gets a short
 * note instead. The answer is the same either way, so the form tells nobody whether an address
 * is subscribed. If the event cannot be published the request fails: a pending subscriber whose
 * link was never sent is harmless (invisible everywhere), and a retry publishes its token.
 */
export async function subscribeToNewsletter(
  request: SubscribeRequest,
  deps: Deps = { subscribers: subscriberRepository, publish: publishEvent, now: () => new Date() },
): Promise<SubscribeResponse> {
  const locale = request.locale ?? 'en';
  const result = await deps.subscribers.requestSubscription(request.email, locale, deps.now());
  if (result.outcome === 'pending') {
    await deps.publish('NewsletterConfirmationRequested', {
      version: 1,
      email: request.email,
      locale,
      token: result.token,
    });
  } else {
    await deps.publish('NewsletterAlreadySubscribed', { version: 1, email: request.email, locale });
  }
  return { email: request.email, status: 'pending' };
}

interface ConfirmDeps {
  subscribers: Pick<Repository, 'confirm'>;
  publish: typeof publishEvent;
  now: () => Date;
}

/**
 * The confirmation link's page posts here: the pending subscriber becomes active and is welcomed
 * (the NewsletterSubscribed flow). The same link again is a success without a second welcome; an
 * unknown address or a wrong token is NOT_FOUND (the same for both). A welcome that cannot be
 * published is logged, not undone: the subscriber did confirm, and the welcome is a courtesy.
 */
export async function confirmNewsletterSubscription(
  request: ConfirmSubscriptionRequest,
  deps: ConfirmDeps = { subscribers: subscriberRepository, publish: publishEvent, now: () => new Date() },
): Promise<{ email: string; confirmed: true }> {
  const now = deps.now();
  const result = await deps.subscribers.confirm(request.email, request.token, now);
  if (result.outcome === 'invalid') throw new NotFoundError('Subscription');
  if (result.outcome === 'confirmed') {
    try {
      await deps.publish('NewsletterSubscribed', {
        version: 1,
        email: request.email,
        locale: result.locale,
        subscribedAt: now.toISOString(),
      });
    } catch (err) {
      logger.error('NewsletterSubscribed not published; the subscriber is confirmed without a welcome', { err });
    }
  }
  return { email: request.email, confirmed: true };
}
