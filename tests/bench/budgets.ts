/**
 * Budgets of the Lambda bundles: the minified `index.mjs` that NodejsFunction builds for each
 * function, and the cold import a caller waits for. The infra test (tests/infra/shop-stack.test.ts)
 * fails a build whose bundle is over its size budget; the bench (`npm run bench:api -- --bundles`)
 * prints every bundle against it with its cold import beside the bar below. Sizes give the same
 * answer on every machine; import times are reported, never asserted in a test. The web build's
 * budgets are WEB_BUDGETS in web/build/budgets.ts, checked at the end of `npm run build`.
 *
 * The owner's decision (issue 25): what counts is the cold start a caller waits for. A function on
 * a request path (the API's area functions, the Cognito triggers) is at most 600 KiB, with a cold
 * import median of at most 150 ms for the functions shoppers call and 250 ms for the admin's, on a
 * 2-core machine of the kind the project runs on. Functions that hold a required SDK (Stripe, S3,
 * Bedrock, the Encryption SDK, React's server renderer) keep named ceilings with their reason.
 */
import { AREAS, type AreaName } from '../../functions/routes';

export interface BundleBudgetException {
  /** The ceiling: the size measured when the exception was written, rounded up a little. */
  readonly maxBytes: number;
  /** What fills the function beyond the default. */
  readonly reason: string;
}

const KiB = 1024;

/** The most any function a caller waits for may weigh, exceptions included. */
export const REQUEST_PATH_MAX_BYTES = 600 * KiB;

/** Cold import medians the bench holds each function on a request path to, by who waits. */
export const COLD_IMPORT_BARS_MS = { shopper: 150, admin: 250 } as const;

/**
 * A shopper's way from a product page to the order confirmation and the account, by route: the
 * product page's data, the checkout, the payment's confirmation (Stripe's webhook and the
 * confirmation page's poll), the order confirmation and the account's orders. Each function on it
 * is a cold start a shopper may meet in one visit; the infra test holds it to
 * SHOPPER_JOURNEY_MAX_FUNCTIONS.
 */
export const SHOPPER_JOURNEY = [
  'GET /products/{id}',
  'POST /checkout',
  'POST /webhooks/stripe',
  'POST /orders/from-session',
  'GET /orders/{id}',
  'GET /orders',
] as const;
export const SHOPPER_JOURNEY_MAX_FUNCTIONS = 3;

const STRIPE =
  'the Stripe SDK, cut down to the resources the shop calls (~64 KiB; infra/cdk/bundling/stripe-pruned.ts)';
const STRIPE_KEYS = 'the Secrets Manager client for its keys (~13 KiB)';
const S3 = 'the S3 client (its model alone ~100 KiB) with checksums and the S3 middleware';

// Each ceiling is its function's size as `npm run bench:api -- --bundles` measured it, rounded up
// ~1.5 KiB. Every function also carries the DynamoDB client with the SDK core (~170 KiB),
// Powertools' Logger (~23 KiB), and, where it records a metric, Metrics (~13 KiB).

export const BUNDLE_BUDGETS: {
  /** Every function not listed in `exceptions`. */
  readonly defaultMaxBytes: number;
  /**
   * The functions allowed over the default, by handler module (functions/<module>.ts), each with
   * its own ceiling and reason. Lower a ceiling when its function shrinks; the test fails on an
   * exception its function no longer needs, so the list only gets shorter.
   */
  readonly exceptions: Readonly<Record<string, BundleBudgetException>>;
} = {
  defaultMaxBytes: 350 * KiB,
  exceptions: {
    'areas/checkout': {
      maxBytes: 451 * KiB,
      reason: `${STRIPE}, ${STRIPE_KEYS}, the EventBridge client (~15 KiB) for the order events, and jose (~18 KiB) for the optional sign-in`,
    },
    'areas/admin-uploads': { maxBytes: 478 * KiB, reason: `${S3}, with the presigned POST policy` },
    'areas/chat': {
      maxBytes: 437 * KiB,
      reason: 'the Bedrock Runtime client with event streams, zod with JSON Schema for the tools, and jose',
    },
    'areas/site': { maxBytes: 372 * KiB, reason: `${S3}, to read the not-found page` },
    'areas/admin': {
      maxBytes: 370 * KiB,
      reason:
        "the whole back office: 22 routes' handlers with their services, schemas and audit entries, and the EventBridge client",
    },
    'events/send-order-confirmation': {
      maxBytes: 466 * KiB,
      reason:
        "React Email's render: React's streaming server renderer (~116 KiB, react-dom/server's streaming build alone: " +
        'reactDomServer in the rules table), on top of the consumer with DynamoDB, SES and Powertools Logger and Metrics',
    },
    'triggers/custom-email-sender': {
      maxBytes: 541 * KiB,
      reason:
        "the AWS Encryption SDK's decrypt-only packages that open Cognito's codes (~51 KiB), with the ECDSA check of " +
        "Cognito's signed suite (asn1.js ~24 KiB, bn.js ~44 KiB twice: asn1.js pins its own 4.x), readable-stream with " +
        "duplexify (~48 KiB: the SDK's decrypt runs on its stream) and the KMS client (~45 KiB)",
    },
    'events/make-image-variants': { maxBytes: 462 * KiB, reason: S3 },
    'events/render-storefront-pages': {
      maxBytes: 1517 * KiB,
      reason:
        'the storefront it renders into pages, the prerendered pages and their layout only (app/storefront-routes.tsx; ' +
        'one file: Lambda bundles do not split): the S3, CloudFront and DynamoDB clients with the SDK core (~555 KiB), ' +
        "react-dom/server (~220 KiB: renderToString's build, and the stream build the module loads with it), " +
        'react-router (~210 KiB: its package exports only its development build), the pages with radix, ' +
        "react-query and the icons (~300 KiB), and both languages' texts with i18next (~125 KiB); never on a " +
        'request path (it runs on product changes and deploys)',
    },
  },
};

export interface BundleBudget {
  readonly maxBytes: number;
  /** Set when the function has an exception. */
  readonly reason?: string;
}

export function bundleBudget(handlerModule: string): BundleBudget {
  return BUNDLE_BUDGETS.exceptions[handlerModule] ?? { maxBytes: BUNDLE_BUDGETS.defaultMaxBytes };
}

/**
 * Who waits for a function's cold start: shoppers for the API's public and customer areas and the
 * Cognito triggers (sign-up, sign-in), the owner for the admin's areas; nobody for the event
 * consumers, which run after the answer.
 */
export function waitingCaller(handlerModule: string): keyof typeof COLD_IMPORT_BARS_MS | undefined {
  const area = /^areas\/(.+)$/.exec(handlerModule)?.[1];
  if (area && area in AREAS) return AREAS[area as AreaName].audience === 'admin' ? 'admin' : 'shopper';
  if (handlerModule.startsWith('triggers/')) return 'shopper';
  return undefined;
}

const bytes = (n: number): string => `${n.toLocaleString('en-US')} bytes (${(n / 1024).toFixed(1)} KiB)`;

/**
 * Why a bundle breaks its budget, naming the function, its file and the figures; undefined when
 * it is within it.
 */
export function overBudget(bundle: {
  readonly name: string;
  readonly handlerModule: string;
  readonly file: string;
  readonly bytes: number;
}): string | undefined {
  const budget = bundleBudget(bundle.handlerModule);
  const onRequestPath = waitingCaller(bundle.handlerModule) !== undefined;
  if (onRequestPath && bundle.bytes > REQUEST_PATH_MAX_BYTES) {
    return `${bundle.name} (functions/${bundle.handlerModule}.ts): ${bundle.file} is ${bytes(bundle.bytes)}, over the ${bytes(REQUEST_PATH_MAX_BYTES)} a function on a request path may weigh`;
  }
  if (bundle.bytes <= budget.maxBytes) return undefined;
  const which = budget.reason ? 'its exception in tests/bench/budgets.ts' : 'the budget';
  return `${bundle.name} (functions/${bundle.handlerModule}.ts): ${bundle.file} is ${bytes(bundle.bytes)}, over ${which} of ${bytes(budget.maxBytes)}`;
}

/** An exception whose function fits the default budget now, or that names no function. */
export function staleExceptions(measured: ReadonlyMap<string, number>): string[] {
  return Object.keys(BUNDLE_BUDGETS.exceptions).flatMap((handlerModule) => {
    const size = measured.get(handlerModule);
    if (size === undefined) return [`${handlerModule}: no function has this handler; remove its exception`];
    if (size <= BUNDLE_BUDGETS.defaultMaxBytes) {
      return [`${handlerModule}: ${bytes(size)} fits the default budget now; remove its exception`];
    }
    return [];
  });
}

export { bytes as formatBytes };
