import { z } from 'zod';
import { email, locale } from './common';

export const subscribeRequest = z
  .object({
    email,
    /** The language the welcome email is written in; defaults to English. */
    locale: locale.optional(),
  })
  .strict();
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const subscribeResponse = z.object({ email: z.string(), subscribedAt: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);

/** A newsletter is written (draft), then sent once, one email per active subscriber. */
export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** POST /admin/newsletters (spec §5: title, subject and content required). */
export const createNewsletterRequest = z
  .object({ title: text(200), subject: text(200), content: text(20_000) })
  .strict();
export type CreateNewsletterRequest = z.infer<typeof createNewsletterRequest>;

export const newsletterDto = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** Where replies go: the admin's address given at sending. */
  fromEmail: z.string().optional(),
  /** Emails sent so far: the progress of a send. */
  sentCount: z.number().int().nonnegative(),
  sentAt: z.string().optional(),
  recipientCount: z.number().int().nonnegative().optional(),
});
export type NewsletterDto = z.infer<typeof newsletterDto>;

export const newsletterListResponse = z.object({ items: z.array(newsletterDto) });
export type NewsletterListResponse = z.infer<typeof newsletterListResponse>;

export const newsletterPathParams = z.object({ id: z.string().trim().min(1).max(100) }).strict();

/** POST /admin/newsletters/{id}/send: the admin's address (spec: 'Email required'), for replies. */
export const sendNewsletterRequest = z.object({ fromEmail: email }).strict();
export type SendNewsletterRequest = z.infer<typeof sendNewsletterRequest>;

/** GET /admin/subscribers: spec §9, the 10 most recent active subscribers, and how many are active. */
export const subscriberDto = z.object({ email: z.string(), locale, subscribedAt: z.string() });
export const adminSubscribersResponse = z.object({
  items: z.array(subscriberDto),
  activeCount: z.number().int().nonnegative(),
});
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponse>;

/** POST /newsletter/unsubscribe: the email and the token from the link in every newsletter. */
export const unsubscribeRequest = z.object({ email, token: z.string().trim().min(16).max(200) }).strict();
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;
