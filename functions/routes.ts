/**
 * The route table: the single source of the API. The CDK Api construct creates one HTTP API
 * route and one Lambda function per entry from it; the local gateway dispatches with it; each
 * handler enforces the access it finds here for its own route key.
 *
 * Pure data on purpose: CDK, the local gateway and every handler import it, so it must not
 * pull in SDK clients or handler code.
 */
import { PARTITION_PREFIX } from './data/keys';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `public`: anyone, anonymously; `optional`: anyone, and a caller who sends a valid Cognito token
 * is known (checked by the handler, since an API Gateway authorizer cannot be optional);
 * `customer`: a verified Cognito token; `admin`: a token in the admin group.
 */
export type Access = 'public' | 'optional' | 'customer' | 'admin';

/** Routes whose token API Gateway's JWT authorizer checks before the handler runs. */
export function hasAuthorizer(access: Access): boolean {
  return access === 'customer' || access === 'admin';
}

/**
 * Table access narrowed to the items whose partition key starts with one of the given prefixes
 * (keys.ts's PARTITION_PREFIX), on the table itself: no index, no scan. CDK grants each list
 * with a `dynamodb:LeadingKeys` condition, so a function that is made to ask for another
 * partition is refused by DynamoDB, whatever its code does.
 */
export interface TableScope {
  /** Get, batch-get and query items, and condition-check them inside a transaction. */
  readonly read?: readonly string[];
  /** Put, update and delete items, alone, in batches or in transactions. */
  readonly write?: readonly string[];
}

/** What a route's function may touch; CDK turns it into least-privilege grants. */
export interface RoutePermissions {
  /**
   * `read` and `readWrite`: the whole table and its indexes, for functions whose items span
   * many partitions or that read an index; a TableScope for those that touch a few partitions.
   */
  readonly table?: 'read' | 'readWrite' | TableScope;
  readonly publishEvents?: boolean;
  readonly sendEmail?: boolean;
  /** Reads the Stripe keys from Secrets Manager. */
  readonly stripeSecret?: boolean;
  /** Deletes users of the shop's Cognito pool (AdminDeleteUser); the function gets USER_POOL_ID. */
  readonly deleteUsers?: boolean;
  /**
   * The media bucket (the function gets MEDIA_BUCKET): `upload` signs browser uploads into
   * `uploads/`; `process` reads and deletes those and writes the variants under `media/images/`.
   */
  readonly media?: 'upload' | 'process';
  /**
   * The storefront's prerendered pages in the site bucket (the function gets SITE_BUCKET and
   * DISTRIBUTION_ID): `render` reads the published `index.html`, writes and deletes `pages/*` and
   * invalidates them at CloudFront; `read` reads `pages/*`.
   */
  readonly sitePages?: 'render' | 'read';
  /** Calls the shop assistant's Bedrock model (Converse); the function gets CHAT_MODEL_ID. */
  readonly invokeChatModel?: boolean;
}

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. `/products/{id}`. */
  readonly path: string;
  readonly access: Access;
  /** Module under functions/ that exports `handler`; one Lambda function per route. */
  readonly handler: string;
  readonly permissions: RoutePermissions;
  /** Requests per second and burst for costly or abusable public routes; enforced by API Gateway throttling in the cloud and by the local gateway here. */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** Largest accepted JSON body. @default DEFAULT_MAX_BODY_BYTES */
  readonly maxBodyBytes?: number;
  /**
   * Who calls the route at the API's own address rather than through the site, and what proves
   * them. Every other route answers only requests that came through CloudFront (the origin header,
   * functions/lib/http.ts), so the web ACL in front of the site cannot be walked around.
   */
  readonly calledDirectly?: string;
  /** For a handler that waits on slow work (a language model); at most API Gateway's 30 s. @default 10 */
  readonly timeoutSeconds?: number;
  /**
   * `shared`: the answer is the same for every caller, so a shared cache (CloudFront's cached
   * `/api` behaviours, built from this field) may keep and serve it; see CACHE_CONTROL. Only for
   * `public` GET routes. Without it, nothing of the route's answers is stored anywhere.
   */
  readonly cache?: 'shared';
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * Every API answer's Cache-Control, chosen once for all handlers (lib/http.ts) from the route's
 * `access` and `cache`, whether the caller sent a token, and the status.
 */
export const CACHE_CONTROL = {
  /**
   * Successful catalogue reads by anonymous callers. Browsers keep nothing fresh (max-age=0:
   * they ask again, and the nearest edge answers); CloudFront serves repeats for 60 s, so an
   * admin's edit or a sold-out size shows within a minute, then for 5 minutes more serves the
   * old copy while it fetches the new one, so no shopper waits for a cold function. Stock and
   * prices that matter are checked again by the checkout on the server.
   */
  shared: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  /** Anything for a known caller: customer and admin routes, and any request with a token. */
  personal: 'private, no-store',
  /** Every other answer: forms, checkout, chat, webhooks, errors. */
  none: 'no-store',
} as const;

export function cacheControlFor(
  route: Pick<RouteDefinition, 'access' | 'cache'>,
  request: { readonly withToken: boolean; readonly statusCode: number },
): string {
  if (request.withToken || route.access === 'customer' || route.access === 'admin') return CACHE_CONTROL.personal;
  if (route.cache === 'shared' && request.statusCode >= 200 && request.statusCode < 300) return CACHE_CONTROL.shared;
  return CACHE_CONTROL.none;
}

/**
 * CORS for callers on another origin (the local gateway's, for a development server); the
 * storefront itself calls the API on its own origin (`/api`) and needs none.
 */
export const API_CORS = {
  allowHeaders: ['authorization', 'content-type'],
  maxAgeSeconds: 3600,
} as const;

export const routes = [
  {
    method: 'GET',
    path: '/products',
    access: 'public',
    handler: 'http/products/list-products',
    permissions: { table: 'read' },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/products/{id}',
    access: 'public',
    handler: 'http/products/get-product',
    permissions: { table: { read: [PARTITION_PREFIX.product] } },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/me',
    access: 'customer',
    handler: 'http/account/get-me',
    permissions: {},
  },
  {
    method: 'DELETE',
    path: '/me',
    access: 'customer',
    handler: 'http/account/delete-account',
    permissions: { table: 'readWrite', deleteUsers: true },
  },
  {
    method: 'GET',
    path: '/me/profile',
    access: 'customer',
    handler: 'http/account/get-profile',
    permissions: { table: { read: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'PUT',
    path: '/me/profile',
    access: 'customer',
    handler: 'http/account/update-profile',
    permissions: { table: { write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/orders',
    access: 'customer',
    handler: 'http/orders/list-my-orders',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/addresses',
    access: 'customer',
    handler: 'http/addresses/list-addresses',
    permissions: { table: { read: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'POST',
    path: '/addresses',
    access: 'customer',
    handler: 'http/addresses/add-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'PATCH',
    path: '/addresses/{id}',
    access: 'customer',
    handler: 'http/addresses/update-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'DELETE',
    path: '/addresses/{id}',
    access: 'customer',
    handler: 'http/addresses/delete-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'GET',
    path: '/admin/overview',
    access: 'admin',
    handler: 'http/admin/get-overview',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/analytics',
    access: 'admin',
    handler: 'http/admin/get-analytics',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/orders',
    access: 'admin',
    handler: 'http/admin/list-orders',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/orders/export',
    access: 'admin',
    handler: 'http/admin/export-orders',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/orders',
    access: 'admin',
    handler: 'http/admin/create-order',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 4 * 1024,
  },
  {
    method: 'GET',
    path: '/admin/orders/{id}',
    access: 'admin',
    handler: 'http/admin/get-order',
    permissions: { table: { read: [PARTITION_PREFIX.order] } },
  },
  {
    method: 'PATCH',
    path: '/admin/orders/{id}',
    access: 'admin',
    handler: 'http/admin/update-order',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 4 * 1024,
  },
  {
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    handler: 'http/admin/list-audit',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/promo-codes',
    access: 'admin',
    handler: 'http/admin/list-promo-codes',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/promo-codes',
    access: 'admin',
    handler: 'http/admin/create-promo-code',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'PATCH',
    path: '/admin/promo-codes/{code}',
    access: 'admin',
    handler: 'http/admin/update-promo-code',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 1024,
  },
  {
    method: 'DELETE',
    path: '/admin/promo-codes/{code}',
    access: 'admin',
    handler: 'http/admin/delete-promo-code',
    permissions: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/admin/newsletters',
    access: 'admin',
    handler: 'http/admin/list-newsletters',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/newsletters',
    access: 'admin',
    handler: 'http/admin/create-newsletter',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 64 * 1024,
  },
  {
    method: 'POST',
    path: '/admin/newsletters/{id}/send',
    access: 'admin',
    handler: 'http/admin/send-newsletter',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/admin/subscribers',
    access: 'admin',
    handler: 'http/admin/list-subscribers',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/products',
    access: 'admin',
    handler: 'http/admin/list-products',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/products',
    access: 'admin',
    handler: 'http/admin/create-product',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 32 * 1024,
  },
  {
    method: 'PATCH',
    path: '/admin/products/{id}',
    access: 'admin',
    handler: 'http/admin/update-product',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 32 * 1024,
  },
  {
    method: 'DELETE',
    path: '/admin/products/{id}',
    access: 'admin',
    handler: 'http/admin/delete-product',
    permissions: { table: 'readWrite', publishEvents: true },
  },
  {
    method: 'POST',
    path: '/admin/products/{id}/move',
    access: 'admin',
    handler: 'http/admin/move-product',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 1024,
  },
  {
    // A presigned POST: the image itself goes from the browser straight to the bucket.
    method: 'POST',
    path: '/admin/uploads',
    access: 'admin',
    handler: 'http/admin/create-upload',
    permissions: { table: { write: [PARTITION_PREFIX.upload] }, media: 'upload' },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/admin/uploads/{id}',
    access: 'admin',
    handler: 'http/admin/get-upload',
    permissions: { table: { read: [PARTITION_PREFIX.upload] } },
  },
  {
    method: 'GET',
    path: '/wishlist',
    access: 'customer',
    handler: 'http/wishlist/get-wishlist',
    permissions: { table: { read: [PARTITION_PREFIX.customer, PARTITION_PREFIX.product] } },
  },
  {
    method: 'PUT',
    path: '/wishlist/{productId}',
    access: 'customer',
    handler: 'http/wishlist/add-to-wishlist',
    permissions: { table: { read: [PARTITION_PREFIX.product], write: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'DELETE',
    path: '/wishlist/{productId}',
    access: 'customer',
    handler: 'http/wishlist/remove-from-wishlist',
    permissions: { table: { write: [PARTITION_PREFIX.customer] } },
  },
  {
    // The shop assistant (Bedrock). Throttled for everyone here, and per caller in the handler.
    method: 'POST',
    path: '/chat',
    access: 'optional',
    handler: 'http/chat/post-chat',
    permissions: { table: 'readWrite', invokeChatModel: true },
    throttle: { rateLimit: 10, burstLimit: 20 },
    maxBodyBytes: 48 * 1024,
    timeoutSeconds: 29,
  },
  {
    method: 'POST',
    path: '/newsletter/subscribers',
    access: 'public',
    handler: 'http/newsletter/subscribe',
    permissions: { table: { write: [PARTITION_PREFIX.subscriber] }, publishEvents: true },
    throttle: { rateLimit: 5, burstLimit: 10 },
    maxBodyBytes: 1024,
  },
  {
    // The double opt-in's confirmation link: the pending subscriber becomes active, and is welcomed.
    method: 'POST',
    path: '/newsletter/confirm',
    access: 'public',
    handler: 'http/newsletter/confirm',
    permissions: {
      table: { read: [PARTITION_PREFIX.subscriber], write: [PARTITION_PREFIX.subscriber] },
      publishEvents: true,
    },
    throttle: { rateLimit: 5, burstLimit: 10 },
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/newsletter/unsubscribe',
    access: 'public',
    handler: 'http/newsletter/unsubscribe',
    permissions: { table: { read: [PARTITION_PREFIX.subscriber], write: [PARTITION_PREFIX.subscriber] } },
    throttle: { rateLimit: 5, burstLimit: 10 },
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/contact',
    access: 'public',
    handler: 'http/contact/send-contact-message',
    permissions: { table: { write: [PARTITION_PREFIX.contact] }, publishEvents: true },
    throttle: { rateLimit: 2, burstLimit: 5 },
    maxBodyBytes: 8 * 1024,
  },
  {
    // Where CloudFront turns when the site bucket has no page for a path (a product that never
    // existed): the not-found page in the visitor's language, with a 404.
    method: 'GET',
    path: '/pages/{page+}',
    access: 'public',
    handler: 'http/site/get-missing-page',
    permissions: { sitePages: 'read' },
  },
  {
    method: 'GET',
    path: '/sitemap.xml',
    access: 'public',
    handler: 'http/site/get-sitemap',
    permissions: { table: 'read' },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/promo-codes/{code}',
    access: 'public',
    handler: 'http/promo-codes/get-promo-code',
    permissions: { table: 'read' },
    // Public and guessable: throttled so codes cannot be enumerated quickly.
    throttle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    method: 'POST',
    path: '/checkout',
    access: 'optional',
    handler: 'http/checkout/create-checkout',
    permissions: { table: 'readWrite', publishEvents: true, stripeSecret: true },
    // Each call reserves stock for up to 30 minutes; the burst still lets a launch-day rush through.
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    method: 'POST',
    path: '/checkout/abandon',
    access: 'public',
    handler: 'http/checkout/abandon-checkout',
    permissions: { table: 'readWrite', publishEvents: true, stripeSecret: true },
    throttle: { rateLimit: 20, burstLimit: 40 },
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/orders/from-session',
    access: 'public',
    handler: 'http/orders/order-from-session',
    permissions: { table: 'readWrite', publishEvents: true, stripeSecret: true },
    // The confirmation page asks every 2 s while a payment is pending; API Gateway's limit is per route, not per shopper.
    throttle: { rateLimit: 50, burstLimit: 100 },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/orders/{id}',
    access: 'optional',
    handler: 'http/orders/get-order',
    permissions: { table: { read: [PARTITION_PREFIX.order] } },
  },
  {
    method: 'POST',
    path: '/webhooks/stripe',
    access: 'public',
    handler: 'webhooks/stripe',
    permissions: { table: 'readWrite', publishEvents: true, stripeSecret: true },
    // Stripe's events are larger than the shop's own requests; the signature is checked on the raw body.
    maxBodyBytes: 256 * 1024,
    calledDirectly: 'Stripe, at the StripeWebhookUrl output; its signature over the raw body proves it',
  },
] as const satisfies readonly RouteDefinition[];

export type RouteKey = `${(typeof routes)[number]['method']} ${(typeof routes)[number]['path']}`;

/**
 * Requests that match no route. In the cloud this is the HTTP API's `$default` route, so an
 * unknown path gets our error shape instead of API Gateway's own.
 */
export const fallbackRoute = {
  handler: 'http/not-found',
  permissions: {},
} as const satisfies Pick<RouteDefinition, 'handler' | 'permissions'>;

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: string): RouteDefinition | undefined {
  return (routes as readonly RouteDefinition[]).find((route) => routeKey(route) === key);
}
