import type { EventBridgeEvent } from 'aws-lambda';
import { emailClaims, type EmailClaimKey } from '../data/email-claims';
import { keys } from '../data/keys';
import { mailCooldowns } from '../data/mail-cooldowns';
import type { RenderedEmail } from '../email/layout';
import { sendEmail, type SendEmailOptions } from '../lib/email';
import { logger } from '../lib/logger';

/** How long a repeated delivery waits for another one that is sending the same email right now. */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 250;

/**
 * How long an event's email claim is kept: past the bus's retries (24 hours) and the 14 days a
 * dead letter waits for its redrive, which delivers the same event again.
 */
export const EVENT_EMAIL_CLAIM_SECONDS = 15 * 24 * 60 * 60;

/**
 * How long after an email of a per-address kind no other of that kind goes to the same address
 * (EventEmailOptions.perAddressCooldown): long enough that the shop's sender is no use for
 * flooding a stranger's inbox through its public forms, short enough that someone who asks again
 * a while later (a receipt, a confirmation link they lost) hears from the shop again.
 */
export const MAIL_COOLDOWN_SECONDS = 10 * 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface EmailOnce {
  /** Where the claim lives. */
  readonly key: EmailClaimKey;
  /** The claim item's `entity`. */
  readonly entity: string;
  /** Epoch seconds after which the claim may be forgotten; absent = kept. */
  readonly expiresAt?: number;
  /** Names the email in logs and errors. */
  readonly logFields: Readonly<Record<string, string>>;
  /**
   * Asked once the email is claimed, before it is sent: false skips it, logged and not retried
   * (its claim is given back, so a redelivery of the event asks again).
   */
  readonly mayBeSent?: () => Promise<boolean>;
  readonly send: () => Promise<void>;
}

/**
 * Sends one email once, whatever the bus redelivers: the first delivery claims the email and
 * marks it sent; a repeated one finds it sent (or waits for the delivery sending it) and sends
 * nothing. A failed send gives the claim back and throws, so the bus retries (and finally
 * dead-letters) the event; a claim left by a crashed delivery expires and is taken over. Once the
 * email is sent the delivery succeeds, even if the sent-mark cannot be written, so that a retry or
 * redrive never sends it twice.
 */
export async function sendEmailOnce({ key, entity, expiresAt, logFields, mayBeSent, send }: EmailOnce): Promise<void> {
  const claimOptions = expiresAt === undefined ? {} : { expiresAt };
  let claim = await emailClaims.claim(key, entity, new Date(), claimOptions);
  for (let waited = 0; claim.outcome === 'busy' && waited < BUSY_WAIT_MS; waited += BUSY_POLL_MS) {
    await sleep(BUSY_POLL_MS);
    claim = await emailClaims.claim(key, entity, new Date(), claimOptions);
  }
  if (claim.outcome !== 'claimed') {
    if (claim.outcome === 'busy')
      throw new Error(`Email ${JSON.stringify(logFields)} is being sent by another delivery`);
    logger.info('Email already sent', logFields);
    return;
  }
  try {
    if (mayBeSent && !(await mayBeSent())) {
      logger.info('Email not sent: one of its kind went to the address a moment ago', logFields);
      await emailClaims.release(key, claim.claimedAt);
      return;
    }
    await send();
  } catch (err) {
    await emailClaims
      .release(key, claim.claimedAt)
      .catch((releaseErr: unknown) => logger.error('Claim not released; it expires', { releaseErr, ...logFields }));
    throw err;
  }
  // The email is out: failing the delivery now would have the bus (or a redrive) send it again.
  // A marker that cannot be written is logged instead; the live claim keeps a repeated delivery
  // away for its lease, and the bus has nothing to retry.
  await emailClaims
    .markSent(key, new Date().toISOString())
    .catch((markErr: unknown) => logger.error('Email sent but not marked as sent', { markErr, ...logFields }));
}

export interface EventEmailOptions extends SendEmailOptions {
  /**
   * For an email anyone can have sent to any address by typing it into a public form: none goes
   * to an address that had one of the same kind in the last MAIL_COOLDOWN_SECONDS (skipped and
   * logged, not an error, not retried).
   */
  readonly perAddressCooldown?: boolean;
}

/**
 * Sends the email an event asks for once per event: a retry, a duplicate delivery or a redrive
 * of the same event (same id) finds it sent. Two events are two emails, as two contact messages
 * are two receipts, unless the kind has a per-address cooldown.
 */
export function sendEventEmailOnce(
  event: Pick<EventBridgeEvent<string, unknown>, 'id'>,
  to: string,
  email: RenderedEmail,
  { perAddressCooldown, ...options }: EventEmailOptions,
): Promise<void> {
  return sendEmailOnce({
    key: keys.eventEmail(event.id, options.kind),
    entity: 'EventEmail',
    expiresAt: Math.floor(Date.now() / 1000) + EVENT_EMAIL_CLAIM_SECONDS,
    logFields: { eventId: event.id, kind: options.kind },
    ...(perAddressCooldown
      ? { mayBeSent: () => mailCooldowns.start(to, options.kind, event.id, new Date(), MAIL_COOLDOWN_SECONDS) }
      : {}),
    send: () => sendEmail(to, email, options),
  });
}
