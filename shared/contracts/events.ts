import * as z from './zod-mini';
import { ORDER_STATUSES, STATUS_CHANGE_REASONS } from '../domain/order-status';
import { locale } from './common';
import { CORRELATION_ID_PATTERN } from './correlation-id';

/**
 * Domain events on the bus. Each detail is versioned so consumers can accept old and new
 * shapes while a change rolls out; `EVENT_SOURCE` and the detail-type name the rule pattern.
 */
export const EVENT_SOURCE = 'linea.shop';

/**
 * Facts about an event rather than the domain: added by `publish`, read by the consumer's wrapper,
 * never by a consumer's own code. Every detail type accepts it (see EVENT_TYPES), so no contract
 * repeats it.
 */
export const eventMetadata = z.object({
  correlationId: z.optional(z.string().check(z.regex(CORRELATION_ID_PATTERN))),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

const withMetadata = <S extends z.ZodMiniObject>(schema: S) =>
  z.extend(schema, { metadata: z.optional(eventMetadata) });

export const newsletterSubscribedV1 = z.object({
  version: z.literal(1),
  email: z.string(),
  locale,
  subscribedAt: z.string(),
});
export type NewsletterSubscribedV1 = z.infer<typeof newsletterSubscribedV1>;

/**
 * A sign-up (double opt-in): the address is pending until its owner follows the link with this
 * token, which the confirmation email carries.
 */
export const newsletterConfirmationRequestedV1 = z.object({
  version: z.literal(1),
  email: z.string(),
  locale,
  token: z.string(),
});
export type NewsletterConfirmationRequestedV1 = z.infer<typeof newsletterConfirmationRequestedV1>;

/**
 * A sign-up for an address already on the list: the sign-up's answer does not say so (no
 * enumeration); the address's owner gets a short note by email instead.
 */
export const newsletterAlreadySubscribedV1 = z.object({
  version: z.literal(1),
  email: z.string(),
  locale,
});
export type NewsletterAlreadySubscribedV1 = z.infer<typeof newsletterAlreadySubscribedV1>;

export const contactMessageReceivedV1 = z.object({
  version: z.literal(1),
  messageId: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.optional(z.string()),
  message: z.string(),
  locale,
  receivedAt: z.string(),
});
export type ContactMessageReceivedV1 = z.infer<typeof contactMessageReceivedV1>;

/**
 * An order moved from one status to another, once per real transition (a repeated payment
 * event moves nothing and publishes nothing), or an admin changed its tracking or wrote to the
 * customer without moving it (`from` = `to`, reason `admin_update`). Consumers load the order
 * itself by id.
 */
export const orderStatusChangedV1 = z.object({
  version: z.literal(1),
  orderId: z.string(),
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  reason: z.enum(STATUS_CHANGE_REASONS),
  email: z.string(),
  locale,
  changedAt: z.string(),
  /** What the admin told the customer with the change, and the parcel's tracking (admin updates only). */
  message: z.optional(z.string()),
  carrier: z.optional(z.string()),
  trackingNumber: z.optional(z.string()),
  trackingUrl: z.optional(z.string()),
});
export type OrderStatusChangedV1 = z.infer<typeof orderStatusChangedV1>;

/**
 * An admin asked for a newsletter to be sent, or a send continues where its previous run
 * stopped (the consumer sends a bounded batch per run and asks again for the rest).
 */
export const newsletterSendRequestedV1 = z.object({
  version: z.literal(1),
  newsletterId: z.string(),
  requestedAt: z.string(),
});
export type NewsletterSendRequestedV1 = z.infer<typeof newsletterSendRequestedV1>;

/**
 * An admin created or changed a product (any field, or its place in the list): its copy at Stripe
 * follows (name, description, active), and the storefront's pages that show it are rendered again.
 */
export const productSavedV1 = z.object({
  version: z.literal(1),
  productId: z.string(),
  savedAt: z.string(),
});
export type ProductSavedV1 = z.infer<typeof productSavedV1>;

/** An admin deleted a product: its copy at Stripe is archived (Stripe keeps products that were sold). */
export const productDeletedV1 = z.object({
  version: z.literal(1),
  productId: z.string(),
  stripeProductId: z.optional(z.string()),
  deletedAt: z.string(),
});
export type ProductDeletedV1 = z.infer<typeof productDeletedV1>;

export const EVENT_TYPES = {
  ProductSaved: withMetadata(productSavedV1),
  ProductDeleted: withMetadata(productDeletedV1),
  NewsletterSendRequested: withMetadata(newsletterSendRequestedV1),
  NewsletterSubscribed: withMetadata(newsletterSubscribedV1),
  NewsletterConfirmationRequested: withMetadata(newsletterConfirmationRequestedV1),
  NewsletterAlreadySubscribed: withMetadata(newsletterAlreadySubscribedV1),
  ContactMessageReceived: withMetadata(contactMessageReceivedV1),
  OrderStatusChanged: withMetadata(orderStatusChangedV1),
} as const;
export type EventDetailType = keyof typeof EVENT_TYPES;
export type EventDetail<T extends EventDetailType> = z.infer<(typeof EVENT_TYPES)[T]>;
