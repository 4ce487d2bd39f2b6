/** The only file that knows key formats. See README.md beside it for the access patterns. */

/** Zero-padded so that string order is numeric order in a sort key. */
function sortable(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`sort order must be a non-negative integer, got ${value}`);
  }
  return String(value).padStart(10, '0');
}

/**
 * The partition-key prefixes that IAM grants are narrowed to (the route and rule tables'
 * `table: { read, write }`, granted with a `dynamodb:LeadingKeys` condition), so the keys below
 * and those grants cannot drift apart.
 */
export const PARTITION_PREFIX = {
  product: 'PRODUCT#',
  order: 'ORDER#',
  customer: 'CUSTOMER#',
  contact: 'CONTACT#',
  subscriber: 'SUBSCRIBER#',
  upload: 'UPLOAD#',
  stats: 'STATS#',
  statsApplied: 'STATS_APPLIED#',
  eventEmail: 'EVENT_EMAIL#',
  promo: 'PROMO#',
  stripeEvent: 'STRIPE_EVENT#',
  audit: 'AUDIT#',
  mailCooldown: 'MAIL_COOLDOWN#',
  /** Counters of costly use: per-caller request windows, and the shop's daily model tokens. */
  rate: 'RATE#',
} as const;

/** Everything of one customer lives in one partition; its id is the verified token's `sub`, never input. */
const customerPartition = (userId: string) => `${PARTITION_PREFIX.customer}${userId}`;

export const keys = {
  product: (id: string) => ({ PK: `${PARTITION_PREFIX.product}${id}`, SK: 'PRODUCT' }),
  /** All products in display order (sort order, then creation time). */
  productListing: (sortOrder: number, createdAt: string) => ({
    GSI1PK: 'PRODUCTS',
    GSI1SK: `${sortable(sortOrder)}#${createdAt}`,
  }),
  productsListingPartition: () => ({ GSI1PK: 'PRODUCTS' }),
  /** The highest sort order given out: a new product takes the next, one at a time. */
  productOrderTop: () => ({ PK: 'PRODUCT_ORDER', SK: 'TOP' }),
  /** Products of one category in display order. */
  productByCategory: (categoryId: string, sortOrder: number, createdAt: string) => ({
    GSI2PK: `CATEGORY#${categoryId}`,
    GSI2SK: `${sortable(sortOrder)}#${createdAt}`,
  }),
  categoryPartition: (categoryId: string) => ({ GSI2PK: `CATEGORY#${categoryId}` }),

  order: (id: string) => ({ PK: `${PARTITION_PREFIX.order}${id}`, SK: 'ORDER' }),
  /** A customer's orders, newest first (pattern 7). */
  orderByCustomer: (userId: string, createdAt: string) => ({
    GSI1PK: `CUSTOMER#${userId}`,
    GSI1SK: `ORDER#${createdAt}`,
  }),
  /** Orders newest first, for the admin list and the overview figures. */
  orderByRecency: (createdAt: string) => ({ GSI3PK: 'ORDERS', GSI3SK: createdAt }),
  ordersByRecencyPartition: () => ({ GSI3PK: 'ORDERS' }),
  /** Marks that an order's email of one kind has been sent (or is being sent), so it goes out once. */
  orderEmail: (orderId: string, kind: string) => ({ PK: `${PARTITION_PREFIX.order}${orderId}`, SK: `EMAIL#${kind}` }),
  /** Marks that the email of one kind an event asked for has been sent, so a redelivery does not send it again. */
  eventEmail: (eventId: string, kind: string) => ({
    PK: `${PARTITION_PREFIX.eventEmail}${eventId}`,
    SK: `EMAIL#${kind}`,
  }),
  /**
   * The last email of one kind to one address, for a while (TTL), so the shop sends no second one
   * soon after; the address only as a hash.
   */
  mailCooldown: (hashedAddress: string, kind: string) => ({
    PK: `${PARTITION_PREFIX.mailCooldown}${hashedAddress}`,
    SK: `COOLDOWN#${kind}`,
  }),

  /** Promo codes are upper-case; the code is the id, so uniqueness comes with the key. */
  promo: (code: string) => ({ PK: `${PARTITION_PREFIX.promo}${code.toUpperCase()}`, SK: 'PROMO' }),
  promoByRecency: (createdAt: string) => ({ GSI3PK: 'PROMOS', GSI3SK: createdAt }),

  /** A Stripe event already acted on (pattern 23). */
  stripeEvent: (eventId: string) => ({ PK: `${PARTITION_PREFIX.stripeEvent}${eventId}`, SK: 'STRIPE_EVENT' }),

  wishlistEntry: (userId: string, productId: string) => ({
    PK: customerPartition(userId),
    SK: `WISHLIST#${productId}`,
  }),
  wishlistPrefix: (userId: string) => ({ PK: customerPartition(userId), SKPrefix: 'WISHLIST#' }),

  /** A customer's saved address (patterns 12, 13); the prefix also finds their address book. */
  address: (userId: string, id: string) => ({ PK: customerPartition(userId), SK: `ADDRESS#${id}` }),
  /** Which address is the default, and how many there are: written with every address change. */
  addressBook: (userId: string) => ({ PK: customerPartition(userId), SK: 'ADDRESS_BOOK' }),
  addressPrefix: (userId: string) => ({ PK: customerPartition(userId), SKPrefix: 'ADDRESS' }),
  /** The customer's own settings beside Cognito (pattern 24): the language of their emails. */
  profile: (userId: string) => ({ PK: customerPartition(userId), SK: 'PROFILE' }),
  /** Everything kept under a customer: what deleting the account removes. */
  customerPartition: (userId: string) => ({ PK: customerPartition(userId) }),

  contactMessage: (id: string) => ({ PK: `${PARTITION_PREFIX.contact}${id}`, SK: 'CONTACT' }),
  contactMessageByRecency: (receivedAt: string) => ({ GSI3PK: 'CONTACT_MESSAGES', GSI3SK: receivedAt }),

  /** An admin change (pattern 21): append-only, listed newest first. */
  audit: (id: string) => ({ PK: `${PARTITION_PREFIX.audit}${id}`, SK: 'AUDIT' }),
  auditByRecency: (createdAt: string, id: string) => ({ GSI3PK: 'AUDIT', GSI3SK: `${createdAt}#${id}` }),

  /** The admin figures (pattern 25): one item per Zürich day, under one partition so a period is one query. */
  statsDay: (day: string) => ({ PK: `${PARTITION_PREFIX.stats}DAY`, SK: day }),
  statsTotals: () => ({ PK: `${PARTITION_PREFIX.stats}TOTAL`, SK: 'TOTAL' }),
  /** A customer's paid orders, to count unique customers; keyed by a hash of the order email. */
  statsCustomer: (hashedCustomer: string) => ({
    PK: `${PARTITION_PREFIX.stats}CUSTOMER#${hashedCustomer}`,
    SK: 'STATS',
  }),
  /** A transition already applied to the figures; `transition` is `<changedAt>#<from>#<to>`. */
  statsTransition: (orderId: string, transition: string) => ({
    PK: `${PARTITION_PREFIX.statsApplied}${orderId}`,
    SK: transition,
  }),

  subscriber: (email: string) => ({ PK: `${PARTITION_PREFIX.subscriber}${email.toLowerCase()}`, SK: 'SUBSCRIBER' }),
  subscriberByRecency: (subscribedAt: string) => ({ GSI3PK: 'SUBSCRIBERS', GSI3SK: subscribedAt }),

  newsletter: (id: string) => ({ PK: `NEWSLETTER#${id}`, SK: 'NEWSLETTER' }),
  newsletterByRecency: (createdAt: string) => ({ GSI3PK: 'NEWSLETTERS', GSI3SK: createdAt }),
  /** One newsletter's email to one subscriber: claimed before it is sent, marked when it was. */
  newsletterDelivery: (id: string, email: string) => ({
    PK: `NEWSLETTER#${id}`,
    SK: `DELIVERY#${email.toLowerCase()}`,
  }),

  /** An admin's image upload, followed until its web-sized variants exist (TTL: a day). */
  upload: (id: string) => ({ PK: `${PARTITION_PREFIX.upload}${id}`, SK: 'UPLOAD' }),
  /** One caller's requests to a costly route in one time window (TTL: the window's end). */
  rateWindow: (scope: string, caller: string, windowStart: number) => ({
    PK: `${PARTITION_PREFIX.rate}${scope}#${caller}#${windowStart}`,
    SK: 'RATE',
  }),
};
