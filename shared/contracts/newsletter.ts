import * as z from './zod-mini';
import { email, headerSafe, locale } from './common';

export const subscribeRequest = z.strictObject({
  email,
  /** The language of the confirmation (and later the welcome) email; defaults to English. */
  locale: z.optional(locale),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/**
 * POST /newsletter/subscribers answers 202 with this, whether the address was new or already on
 * the list (no enumeration): the subscription waits for the link in the confirmation email.
 */
export const subscribeResponse = z.object({ email: z.string(), status: z.literal('pending') });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max));

/** A newsletter is written (draft), then sent once, one email per active subscriber. */
export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** POST /admin/newsletters (spec §5: title, subject and content required). */
export const createNewsletterRequest = z.strictObject({
  title: text(200),
  // Every subscriber's email carries it as its Subject header.
  subject: text(200).check(headerSafe()),
  content: text(20_000),
});
export type CreateNewsletterRequest = z.infer<typeof createNewsletterRequest>;

export const newsletterDto = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** Where replies go: the admin's address given at sending. */
  fromEmail: z.optional(z.string()),
  /** Emails sent so far: the progress of a send. */
  sentCount: z.int().check(z.nonnegative()),
  sentAt: z.optional(z.string()),
  recipientCount: z.optional(z.int().check(z.nonnegative())),
});
export type NewsletterDto = z.infer<typeof newsletterDto>;

export const newsletterListResponse = z.object({ items: z.array(newsletterDto) });
export type NewsletterListResponse = z.infer<typeof newsletterListResponse>;

export const newsletterPathParams = z.strictObject({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

/** POST /admin/newsletters/{id}/send: the admin's address (spec: 'Email required'), for replies. */
export const sendNewsletterRequest = z.strictObject({ fromEmail: email });
export type SendNewsletterRequest = z.infer<typeof sendNewsletterRequest>;

/** GET /admin/subscribers: spec §9, the 10 most recent active subscribers, and how many are active. */
export const subscriberDto = z.object({ email: z.string(), locale, subscribedAt: z.string() });
export const adminSubscribersResponse = z.object({
  items: z.array(subscriberDto),
  activeCount: z.int().check(z.nonnegative()),
});
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponse>;

/** POST /newsletter/unsubscribe: the email and the token from the link in every newsletter. */
export const unsubscribeRequest = z.strictObject({
  email,
  token: z.string().check(z.trim(), z.minLength(16), z.maxLength(200)),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;

/** POST /newsletter/confirm: the email and the token from the confirmation email's link (double opt-in). */
export const confirmSubscriptionRequest = z.strictObject({
  email,
  token: z.string().check(z.trim(), z.minLength(16), z.maxLength(200)),
});
export type ConfirmSubscriptionRequest = z.infer<typeof confirmSubscriptionRequest>;

export const confirmSubscriptionResponse = z.object({ email: z.string(), confirmed: z.literal(true) });
export type ConfirmSubscriptionResponse = z.infer<typeof confirmSubscriptionResponse>;
