/**
 * The rule table: which consumer handles which domain event. The CDK Events construct makes
 * one EventBridge rule (with retry policy and an SQS dead-letter queue) per entry; the local
 * bus matches, delivers, retries and dead-letters with the same entries.
 */
import { EVENT_SOURCE, type EventDetailType } from '@linea/shared/contracts/events';
import { UPLOAD_PREFIX } from '@linea/shared/contracts/uploads';
import { PARTITION_PREFIX } from './data/keys';
import type { RoutePermissions } from './routes';

/** Events AWS services publish themselves, as EventBridge names them. */
export const S3_EVENT_SOURCE = 'aws.s3';
export type AwsEventDetailType = 'Object Created';

/** The claims of emails sent once per event (services/send-email-once.ts). */
const EVENT_EMAIL_CLAIMS = { read: [PARTITION_PREFIX.eventEmail], write: [PARTITION_PREFIX.eventEmail] };
/** The same, for emails with a per-address cooldown: a conditional put, so no read of it. */
const EVENT_EMAIL_CLAIMS_WITH_COOLDOWN = {
  read: [PARTITION_PREFIX.eventEmail],
  write: [PARTITION_PREFIX.eventEmail, PARTITION_PREFIX.mailCooldown],
};

export interface RuleDefinition {
  /** Stable name; also the rule's construct id, so never rename one that is deployed. */
  readonly name: string;
  readonly source: string;
  /** One detail-type, or several that the same consumer handles (one rule, one function). */
  readonly detailType: EventDetailType | AwsEventDetailType | readonly EventDetailType[];
  /** `default`: the account's default bus, where AWS services report; absent: the shop's own bus. */
  readonly bus?: 'default';
  /** Only objects of the media bucket whose key starts with this (rules on S3 events). */
  readonly mediaKeyPrefix?: string;
  /** Module under functions/ that exports `handler`. */
  readonly consumer: string;
  readonly permissions: RoutePermissions;
  /**
   * For a consumer with heavy work: memory, time, and packages with native code that are
   * installed beside the bundle for Lambda's platform rather than bundled; for one that renders
   * React Email, `reactDomServer: 'streaming'` (see ShopFunction's `reactDomServer`).
   * @default 512 MB, 30 s, everything bundled, react-dom/server whole
   */
  readonly lambda?: {
    readonly memoryMb?: number;
    readonly timeoutSeconds?: number;
    readonly nodeModules?: readonly string[];
    readonly reactDomServer?: 'streaming';
  };
}

/** How often a failed delivery is tried again before it is dead-lettered. */
export const RULE_RETRY_ATTEMPTS = 3;
/** The longest an event is kept for retries. */
export const RULE_MAX_EVENT_AGE_SECONDS = 2 * 60 * 60;

/** The rule whose consumer renders the storefront's pages; the deploy invokes it to render them all. */
export const STOREFRONT_PAGES_RULE = 'StorefrontPages';

export const rules = [
  {
    // An admin's upload: the web-sized variants the storefront serves are made from it.
    name: 'MediaImageVariants',
    source: S3_EVENT_SOURCE,
    detailType: 'Object Created',
    bus: 'default',
    mediaKeyPrefix: UPLOAD_PREFIX,
    consumer: 'events/make-image-variants',
    permissions: {
      table: { read: [PARTITION_PREFIX.upload], write: [PARTITION_PREFIX.upload] },
      media: 'process',
    },
    // sharp (libvips) decodes up to 50 megapixels; Lambda gives CPU in proportion to memory.
    lambda: { memoryMb: 1536, timeoutSeconds: 60, nodeModules: ['sharp'] },
  },
  {
    // The newsletter's own emails (double opt-in): the confirmation link, the note to an address
    // already subscribed, and the welcome once confirmed. One rule: the stack is near its limit.
    name: 'NewsletterMail',
    source: EVENT_SOURCE,
    detailType: ['NewsletterConfirmationRequested', 'NewsletterAlreadySubscribed', 'NewsletterSubscribed'],
    consumer: 'events/send-newsletter-mail',
    permissions: { sendEmail: true, table: EVENT_EMAIL_CLAIMS_WITH_COOLDOWN },
  },
  {
    // One email per active subscriber, resumable; a long list continues in a new run.
    name: 'NewsletterSend',
    source: EVENT_SOURCE,
    detailType: 'NewsletterSendRequested',
    consumer: 'events/send-newsletter',
    permissions: { table: 'readWrite', sendEmail: true, publishEvents: true },
  },
  {
    // The spec's create-stripe-product: a Stripe failure is retried, then dead-lettered.
    name: 'StripeProductSync',
    source: EVENT_SOURCE,
    detailType: 'ProductSaved',
    consumer: 'events/sync-stripe-product',
    permissions: { table: { read: [PARTITION_PREFIX.product], write: [PARTITION_PREFIX.product] }, stripeSecret: true },
  },
  {
    name: 'StripeProductArchive',
    source: EVENT_SOURCE,
    detailType: 'ProductDeleted',
    consumer: 'events/archive-stripe-product',
    permissions: { stripeSecret: true },
  },
  {
    // The storefront's prerendered pages that show the product, re-rendered and invalidated.
    name: STOREFRONT_PAGES_RULE,
    source: EVENT_SOURCE,
    detailType: ['ProductSaved', 'ProductDeleted'],
    consumer: 'events/render-storefront-pages',
    permissions: { table: 'read', sitePages: 'render' },
    // Renders every page in both languages when the deploy invokes it.
    lambda: { memoryMb: 1024, timeoutSeconds: 120 },
  },
  {
    name: 'ContactMessageForward',
    source: EVENT_SOURCE,
    detailType: 'ContactMessageReceived',
    consumer: 'events/forward-contact-message',
    permissions: { sendEmail: true, table: EVENT_EMAIL_CLAIMS },
  },
  {
    // The shopper's receipt: a rule of its own, so a failed send retries only this email.
    name: 'ContactMessageAcknowledgement',
    source: EVENT_SOURCE,
    detailType: 'ContactMessageReceived',
    consumer: 'events/acknowledge-contact-message',
    permissions: { sendEmail: true, table: EVENT_EMAIL_CLAIMS_WITH_COOLDOWN },
  },
  {
    name: 'OrderConfirmationEmail',
    source: EVENT_SOURCE,
    detailType: 'OrderStatusChanged',
    consumer: 'events/send-order-confirmation',
    // React Email's `render` streams; the bundle leaves react-dom's renderToString build out.
    lambda: { reactDomServer: 'streaming' },
    permissions: {
      // The order and its sent-email markers; the customer's profile for the email's language.
      table: { read: [PARTITION_PREFIX.order, PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.order] },
      sendEmail: true,
    },
  },
  {
    // The customer hears of every update the admin makes to their order.
    name: 'OrderStatusUpdateEmail',
    source: EVENT_SOURCE,
    detailType: 'OrderStatusChanged',
    consumer: 'events/send-order-status-update',
    permissions: {
      // The order and its sent-email markers; the customer's profile for the email's language.
      table: { read: [PARTITION_PREFIX.order, PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.order] },
      sendEmail: true,
    },
  },
  {
    // The admin's per-day figures, kept by the events rather than by the checkout transaction.
    name: 'OrderStats',
    source: EVENT_SOURCE,
    detailType: 'OrderStatusChanged',
    consumer: 'events/update-order-stats',
    permissions: {
      // The order; the figures, and the transitions already counted in them.
      table: {
        read: [PARTITION_PREFIX.order, PARTITION_PREFIX.stats],
        write: [PARTITION_PREFIX.stats, PARTITION_PREFIX.statsApplied],
      },
    },
  },
] as const satisfies readonly RuleDefinition[];
