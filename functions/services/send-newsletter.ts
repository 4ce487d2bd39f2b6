import { randomUUID } from 'node:crypto';
import { newsletterEmail, unsubscribeUrl } from '../email/newsletter';
import { newsletterSendRecords, type createNewsletterSendRecords } from '../data/newsletter-repository';
import { subscriberList, type createSubscriberList } from '../data/subscriber-repository';
import { config } from '../lib/config';
import { sendEmail as sendOneEmail, UnsafeEmailHeaderError } from '../lib/email';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

/** Below SES's default production rate (14 a second), so a newsletter never gets throttled. */
export const SENDS_PER_SECOND = 10;
/** Subscribers read per page; the cursor is saved after each. */
export const BATCH_SIZE = 25;
/** Emails per run; the rest continue in a new run (at 10 a second, a run stays well inside the consumer's 30 s timeout). */
export const SENDS_PER_RUN = 150;
/** Longer than a page takes, shorter than the bus's retry of a run that died. */
export const LEASE_MS = 35_000;

/** SES's answers for an email it will not send however often it is asked (a bad or blocked address). */
const PERMANENT_REFUSALS = new Set(['MessageRejected', 'InvalidParameterValue', 'AccountSuspendedException']);
/**
 * Also an address the email layer will not put in a To header (a line break in it). Not so an
 * unsafe subject or Reply-To: those are the newsletter's own and would refuse every subscriber,
 * so they fail the run, which the bus retries and dead-letters.
 */
const isPermanentRefusal = (err: unknown) =>
  (err instanceof UnsafeEmailHeaderError && err.header === 'To') ||
  (err instanceof Error && PERMANENT_REFUSALS.has(err.name));

/** Thrown while another run sends the newsletter: the bus retries this event later. */
export class SendInProgressError extends Error {
  constructor(newsletterId: string) {
    super(`Newsletter ${newsletterId} is being sent by another run; retry later`);
    this.name = 'SendInProgressError';
  }
}

export interface SendNewsletterDeps {
  newsletters: ReturnType<typeof createNewsletterSendRecords>;
  subscribers: ReturnType<typeof createSubscriberList>;
  sendEmail: typeof sendOneEmail;
  publish: typeof publishEvent;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  webUrl: () => string;
}

const defaults: SendNewsletterDeps = {
  // The send's own operations, not the repositories: its bundle leaves the rest out.
  newsletters: newsletterSendRecords,
  subscribers: subscriberList,
  sendEmail: sendOneEmail,
  publish: publishEvent,
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  webUrl: () => config().webUrl,
};

/**
 * Sends a newsletter that is `sending`: one email per active subscriber, in the order they
 * subscribed, each claimed before it goes out and recorded after, the list's position saved
 * after every page. A run that stops anywhere (a crash, a timeout) is resumed by the next from
 * the saved page, skipping whoever was already mailed, so nobody is skipped and nobody is mailed
 * twice; the only doubt is an email whose send was under way at the moment of the crash, which
 * is sent again rather than lost. After `SENDS_PER_RUN` emails the run hands over to a new one.
 */
export async function sendNewsletter(newsletterId: string, deps: SendNewsletterDeps = defaults): Promise<void> {
  const newsletter = await deps.newsletters.get(newsletterId);
  if (newsletter?.status !== 'sending') return; // sent already, or never asked for: nothing to do
  // Re-read after taking the lease below: the position a run that ended meanwhile saved.
  const runId = randomUUID();
  const holdLease = () => {
    const now = deps.now();
    return deps.newsletters.lease(
      newsletterId,
      runId,
      now.toISOString(),
      new Date(now.getTime() + LEASE_MS).toISOString(),
    );
  };
  // Another run is at it: when it ends, this event's retry finds the newsletter sent (or resumes
  // where a run that died stopped, once its lease has run out).
  if (!(await holdLease())) throw new SendInProgressError(newsletterId);
  const interval = 1000 / SENDS_PER_SECOND;
  let cursor: Record<string, unknown> | undefined = (await deps.newsletters.get(newsletterId))?.cursor;
  let sentThisRun = 0;
  let lastSend = 0;

  for (;;) {
    const page = await deps.subscribers.activePage(cursor, BATCH_SIZE);
    for (const subscriber of page.items) {
      const at = deps.now().toISOString();
      const claim = await deps.newsletters.claimDelivery(newsletterId, subscriber.email, at);
      if (claim === 'sent') continue;
      if (claim === 'in-doubt')
        logger.warn('Resending a newsletter email whose send was interrupted', { newsletterId });
      const wait = lastSend + interval - Date.now();
      if (wait > 0) await deps.sleep(wait);
      const token = subscriber.unsubscribeToken ?? (await deps.subscribers.tokenOf(subscriber.email));
      try {
        await deps.sendEmail(
          subscriber.email,
          newsletterEmail(newsletter, {
            locale: subscriber.locale,
            unsubscribeUrl: unsubscribeUrl(deps.webUrl(), subscriber.email, token, subscriber.locale),
          }),
          { kind: 'newsletter', ...(newsletter.fromEmail ? { replyTo: newsletter.fromEmail } : {}) },
        );
      } catch (err) {
        // An address SES will never take must not hold up everyone after it: it is recorded as
        // refused and the send goes on. Anything else (throttling, a network fault) is retried.
        if (!isPermanentRefusal(err)) throw err;
        logger.warn('A newsletter email was refused for good; going on', { newsletterId, reason: (err as Error).name });
        await deps.newsletters.markRefused(newsletterId, subscriber.email, deps.now().toISOString());
        continue;
      } finally {
        lastSend = Date.now();
      }
      await deps.newsletters.markDelivered(newsletterId, subscriber.email, deps.now().toISOString());
      sentThisRun += 1;
    }
    if (!page.nextKey) break;
    cursor = page.nextKey;
    await deps.newsletters.saveCursor(newsletterId, cursor);
    if (!(await holdLease())) throw new SendInProgressError(newsletterId);
    if (sentThisRun >= SENDS_PER_RUN) {
      await deps.newsletters.releaseLease(newsletterId, runId);
      await deps.publish('NewsletterSendRequested', {
        version: 1,
        newsletterId,
        requestedAt: deps.now().toISOString(),
      });
      return;
    }
  }
  const done = await deps.newsletters.finish(newsletterId, deps.now().toISOString());
  if (done) logger.info('Newsletter sent', { newsletterId, recipientCount: done.recipientCount });
}
