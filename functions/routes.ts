/**
 * The route table: the single source of the API. The CDK Api construct creates one HTTP API
 * route per entry and one Lambda function per area (AREAS) from it; the local gateway invokes the
 * same area entries with the same events; each handler enforces the access it finds here for its
 * own route key.
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
  /**
   * Queries the table's indexes (GSI1: the catalogue's listing and a customer's orders; GSI2: a
   * category), and nothing else on them, for a function whose table access is otherwise a scope.
   */
  readonly indexQueries?: boolean;
}

/**
 * Who may call an area's routes: `anyone` takes `public` and `optional` routes, `customer` and
 * `admin` their own. A function is granted what all its routes need, so a public function must
 * never share one with a route that holds a customer's or an admin's grants.
 */
export type Audience = 'anyone' | 'customer' | 'admin';

export interface AreaDefinition {
  readonly audience: Audience;
  /** Why these routes share a function, and what keeps others out. */
  readonly purpose: string;
}

/**
 * The API's functions: each area is one Lambda function (entry `functions/areas/<area>.ts`, which
 * dispatches by route key to the routes' own handlers), with one API Gateway integration. Fewer
 * functions means fewer cold starts on a shopper's way and fewer of CloudFormation's 500
 * resources (a function costs five: function, role, policy, integration, permission; a route one).
 */
export const AREAS = {
  catalogue: {
    audience: 'anyone',
    purpose:
      'What a shopper reads while browsing, the same for everyone: products, a promo code, the sitemap. Reads only.',
  },
  site: {
    audience: 'anyone',
    purpose:
      "Where requests land that nothing else answers: the not-found page for a path the site bucket has no page for (the site bucket's pages alone), and the API's $default.",
  },
  forms: {
    audience: 'anyone',
    purpose: 'The public forms, contact and newsletter: each writes its own partitions and publishes an event.',
  },
  checkout: {
    audience: 'anyone',
    purpose:
      "The way to paying and back: checkout, its abandonment, the payment's confirmation (Stripe's webhook and the confirmation page) and the order confirmation. The only public code that holds the Stripe keys.",
  },
  chat: {
    audience: 'anyone',
    purpose: 'The shop assistant: the only code that may call the language model, with its own timeout and throttle.',
  },
  account: {
    audience: 'customer',
    purpose:
      "A signed-in customer's own data: profile, orders, addresses, wishlist; each item within the caller's partition.",
  },
  'account-deletion': {
    audience: 'customer',
    purpose:
      'Deleting an account: alone, because it may delete users of the Cognito pool and every item of a customer.',
  },
  admin: {
    audience: 'admin',
    purpose: "The back office: the owner's routes, all behind the admin group, but for photo uploads.",
  },
  'admin-uploads': {
    audience: 'admin',
    purpose:
      "Product photo uploads: the only API code that may write to the media bucket (uploads/), and the only admin code that needs the S3 client, which would double the back office's bundle.",
  },
} as const satisfies Record<string, AreaDefinition>;

export type AreaName = keyof typeof AREAS;

/** The area entry's module under functions/: the one file its Lambda function runs. */
export function areaEntry(area: AreaName): string {
  return `areas/${area}`;
}

function audienceOf(access: Access): Audience {
  return access === 'public' || access === 'optional' ? 'anyone' : access;
}

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. `/products/{id}`. */
  readonly path: string;
  readonly access: Access;
  /** The function that serves the route (AREAS); its audience must match the route's access. */
  readonly area: AreaName;
  /**
   * Module under functions/ that exports the route's `handler`; the area's entry dispatches to
   * it by route key.
   */
  readonly handler: string;
  /** What this route's handler may touch; its area's function is granted the union of its routes'. */
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
  /**
   * For a handler that waits on slow work (a language model); at most API Gateway's 30 s. Its
   * area's function gets the longest of its routes'. @default 10
   */
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

/**
 * What the way to paying may touch: it reads the catalogue and promo codes to price an order, and
 * writes only orders, the stock their lines reserve and release (products), promo code uses, and
 * the record of each Stripe event it has applied. Shared by the checkout, its abandonment, the
 * confirmation page's poll and Stripe's webhook, which all move an order between those states.
 */
const CHECKOUT_TABLE_SCOPE = {
  read: [PARTITION_PREFIX.order, PARTITION_PREFIX.product, PARTITION_PREFIX.promo, PARTITION_PREFIX.stripeEvent],
  write: [PARTITION_PREFIX.order, PARTITION_PREFIX.product, PARTITION_PREFIX.promo, PARTITION_PREFIX.stripeEvent],
} as const satisfies TableScope;

export const routes = [
  {
    method: 'GET',
    path: '/products',
    access: 'public',
    area: 'catalogue',
    handler: 'http/products/list-products',
    permissions: { table: 'read' },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/products/{id}',
    access: 'public',
    area: 'catalogue',
    handler: 'http/products/get-product',
    permissions: { table: { read: [PARTITION_PREFIX.product] } },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/me',
    access: 'customer',
    area: 'account',
    handler: 'http/account/get-me',
    permissions: {},
  },
  {
    method: 'DELETE',
    path: '/me',
    access: 'customer',
    area: 'account-deletion',
    handler: 'http/account/delete-account',
    permissions: { table: 'readWrite', deleteUsers: true },
  },
  {
    method: 'GET',
    path: '/me/profile',
    access: 'customer',
    area: 'account',
    handler: 'http/account/get-profile',
    permissions: { table: { read: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'PUT',
    path: '/me/profile',
    access: 'customer',
    area: 'account',
    handler: 'http/account/update-profile',
    permissions: { table: { write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/orders',
    access: 'customer',
    area: 'account',
    handler: 'http/orders/list-my-orders',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/addresses',
    access: 'customer',
    area: 'account',
    handler: 'http/addresses/list-addresses',
    permissions: { table: { read: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'POST',
    path: '/addresses',
    access: 'customer',
    area: 'account',
    handler: 'http/addresses/add-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'PATCH',
    path: '/addresses/{id}',
    access: 'customer',
    area: 'account',
    handler: 'http/addresses/update-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'DELETE',
    path: '/addresses/{id}',
    access: 'customer',
    area: 'account',
    handler: 'http/addresses/delete-address',
    permissions: { table: { read: [PARTITION_PREFIX.customer], write: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'GET',
    path: '/admin/overview',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/get-overview',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/analytics',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/get-analytics',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/orders',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-orders',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/orders/export',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/export-orders',
    // Reads the orders' index; writes one audit entry per export (who, the search, how many rows).
    permissions: { table: { write: [PARTITION_PREFIX.audit] }, indexQueries: true },
  },
  {
    method: 'POST',
    path: '/admin/orders',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/create-order',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 4 * 1024,
  },
  {
    method: 'GET',
    path: '/admin/orders/{id}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/get-order',
    permissions: { table: { read: [PARTITION_PREFIX.order] } },
  },
  {
    method: 'PATCH',
    path: '/admin/orders/{id}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/update-order',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 4 * 1024,
  },
  {
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-audit',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/promo-codes',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-promo-codes',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/promo-codes',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/create-promo-code',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 2 * 1024,
  },
  {
    method: 'PATCH',
    path: '/admin/promo-codes/{code}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/update-promo-code',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 1024,
  },
  {
    method: 'DELETE',
    path: '/admin/promo-codes/{code}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/delete-promo-code',
    permissions: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/admin/newsletters',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-newsletters',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/newsletters',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/create-newsletter',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 64 * 1024,
  },
  {
    method: 'POST',
    path: '/admin/newsletters/{id}/send',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/send-newsletter',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/admin/subscribers',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-subscribers',
    permissions: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/admin/products',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/list-products',
    permissions: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/admin/products',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/create-product',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 32 * 1024,
  },
  {
    method: 'PATCH',
    path: '/admin/products/{id}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/update-product',
    permissions: { table: 'readWrite', publishEvents: true },
    maxBodyBytes: 32 * 1024,
  },
  {
    method: 'DELETE',
    path: '/admin/products/{id}',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/delete-product',
    permissions: { table: 'readWrite', publishEvents: true },
  },
  {
    method: 'POST',
    path: '/admin/products/{id}/move',
    access: 'admin',
    area: 'admin',
    handler: 'http/admin/move-product',
    permissions: { table: 'readWrite' },
    maxBodyBytes: 1024,
  },
  {
    // A presigned POST: the image itself goes from the browser straight to the bucket.
    method: 'POST',
    path: '/admin/uploads',
    access: 'admin',
    area: 'admin-uploads',
    handler: 'http/admin/create-upload',
    permissions: { table: { write: [PARTITION_PREFIX.upload] }, media: 'upload' },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/admin/uploads/{id}',
    access: 'admin',
    area: 'admin-uploads',
    handler: 'http/admin/get-upload',
    permissions: { table: { read: [PARTITION_PREFIX.upload] } },
  },
  {
    method: 'GET',
    path: '/wishlist',
    access: 'customer',
    area: 'account',
    handler: 'http/wishlist/get-wishlist',
    permissions: { table: { read: [PARTITION_PREFIX.customer, PARTITION_PREFIX.product] } },
  },
  {
    method: 'PUT',
    path: '/wishlist/{productId}',
    access: 'customer',
    area: 'account',
    handler: 'http/wishlist/add-to-wishlist',
    permissions: { table: { read: [PARTITION_PREFIX.product], write: [PARTITION_PREFIX.customer] } },
  },
  {
    method: 'DELETE',
    path: '/wishlist/{productId}',
    access: 'customer',
    area: 'account',
    handler: 'http/wishlist/remove-from-wishlist',
    permissions: { table: { write: [PARTITION_PREFIX.customer] } },
  },
  {
    // The shop assistant (Bedrock). Throttled for everyone here, and per caller in the handler.
    method: 'POST',
    path: '/chat',
    access: 'optional',
    area: 'chat',
    handler: 'http/chat/post-chat',
    permissions: {
      // Products by id, listings and the caller's orders through the indexes; writes only its rate windows.
      table: { read: [PARTITION_PREFIX.product], write: [PARTITION_PREFIX.rate] },
      indexQueries: true,
      invokeChatModel: true,
    },
    throttle: { rateLimit: 10, burstLimit: 20 },
    maxBodyBytes: 48 * 1024,
    timeoutSeconds: 29,
  },
  {
    method: 'POST',
    path: '/newsletter/subscribers',
    access: 'public',
    area: 'forms',
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
    area: 'forms',
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
    area: 'forms',
    handler: 'http/newsletter/unsubscribe',
    permissions: { table: { read: [PARTITION_PREFIX.subscriber], write: [PARTITION_PREFIX.subscriber] } },
    throttle: { rateLimit: 5, burstLimit: 10 },
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/contact',
    access: 'public',
    area: 'forms',
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
    area: 'site',
    handler: 'http/site/get-missing-page',
    permissions: { sitePages: 'read' },
  },
  {
    method: 'GET',
    path: '/sitemap.xml',
    access: 'public',
    area: 'catalogue',
    handler: 'http/site/get-sitemap',
    permissions: { table: 'read' },
    cache: 'shared',
  },
  {
    method: 'GET',
    path: '/promo-codes/{code}',
    access: 'public',
    area: 'catalogue',
    handler: 'http/promo-codes/get-promo-code',
    permissions: { table: 'read' },
    // Public and guessable: throttled so codes cannot be enumerated quickly.
    throttle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    method: 'POST',
    path: '/checkout',
    access: 'optional',
    area: 'checkout',
    handler: 'http/checkout/create-checkout',
    permissions: { table: CHECKOUT_TABLE_SCOPE, publishEvents: true, stripeSecret: true },
    // Each call reserves stock for up to 30 minutes; the burst still lets a launch-day rush through.
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    method: 'POST',
    path: '/checkout/abandon',
    access: 'public',
    area: 'checkout',
    handler: 'http/checkout/abandon-checkout',
    permissions: { table: CHECKOUT_TABLE_SCOPE, publishEvents: true, stripeSecret: true },
    throttle: { rateLimit: 20, burstLimit: 40 },
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/orders/from-session',
    access: 'public',
    area: 'checkout',
    handler: 'http/orders/order-from-session',
    permissions: { table: CHECKOUT_TABLE_SCOPE, publishEvents: true, stripeSecret: true },
    // The confirmation page asks every 2 s while a payment is pending; API Gateway's limit is per route, not per shopper.
    throttle: { rateLimit: 50, burstLimit: 100 },
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/orders/{id}',
    access: 'optional',
    area: 'checkout',
    handler: 'http/orders/get-order',
    permissions: { table: { read: [PARTITION_PREFIX.order] } },
  },
  {
    method: 'POST',
    path: '/webhooks/stripe',
    access: 'public',
    area: 'checkout',
    handler: 'webhooks/stripe',
    permissions: { table: CHECKOUT_TABLE_SCOPE, publishEvents: true, stripeSecret: true },
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
  area: 'site',
  handler: 'http/not-found',
  permissions: {},
} as const satisfies Pick<RouteDefinition, 'area' | 'handler' | 'permissions'>;

/** The route key API Gateway gives the fallback route's events. */
export const FALLBACK_ROUTE_KEY = '$default';

/** The route keys of an area, with `$default` where the fallback route belongs. */
export type AreaRouteKey<A extends AreaName> =
  | (Extract<(typeof routes)[number], { area: A }> extends infer R
      ? R extends { method: infer M extends string; path: infer P extends string }
        ? `${M} ${P}`
        : never
      : never)
  | (A extends (typeof fallbackRoute)['area'] ? typeof FALLBACK_ROUTE_KEY : never);

/** The routes of one area, in table order. */
export function routesOf(area: AreaName): RouteDefinition[] {
  return (routes as readonly RouteDefinition[]).filter((route) => route.area === area);
}

/**
 * Throws on a route whose access does not match its area's audience: a public function must not
 * take a customer's or an admin's route, whose grants it would then hold.
 */
export function assertAreaAudience(route: RouteDefinition): void {
  const audience = AREAS[route.area].audience;
  if (audienceOf(route.access) !== audience) {
    throw new Error(
      `${routeKey(route)} has ${route.access} access but its area ${route.area} is for ${audience}: ` +
        'give it an area of its audience in functions/routes.ts.',
    );
  }
}

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: string): RouteDefinition | undefined {
  return (routes as readonly RouteDefinition[]).find((route) => routeKey(route) === key);
}
