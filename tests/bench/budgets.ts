/**
 * Size budgets of the Lambda bundles: the minified `index.mjs` that NodejsFunction builds for
 * each handler. The infra test (tests/infra/shop-stack.test.ts) fails a build whose bundle is
 * over its budget; the bench (`npm run bench:api`) prints every bundle against it. Sizes, not
 * timings, so the check gives the same answer on every machine. The web build's budgets are
 * WEB_BUDGETS in web/build/budgets.ts, checked at the end of `npm run build`.
 */

export interface BundleBudgetException {
  /** The ceiling: the size measured when the exception was written, rounded up a little. */
  readonly maxBytes: number;
  /** Why this function cannot meet the default budget yet. */
  readonly reason: string;
}

const STRIPE_ORDERS =
  'the Stripe SDK, cut down to the resources the shop calls (~64 KiB: request sender, errors, webhooks; ' +
  'infra/cdk/bundling/stripe-pruned.ts), and the Secrets Manager client for its keys (~13 KiB), with the ' +
  'EventBridge client (~15 KiB) for the order events';
const S3 = 'the S3 client (its model alone ~100 KiB) with checksums and the S3 middleware';

// Each ceiling is its function's size as `npm run bench:api -- --bundles` measured it, rounded up
// ~1.5 KiB. Every function also carries Powertools' Logger (~23 KiB: logger, commons, invoke store),
// and those that record a metric (event consumers, email senders, checkout fulfilment) Metrics (~13 KiB).

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
  defaultMaxBytes: 350 * 1024,
  exceptions: {
    'events/send-order-confirmation': {
      maxBytes: 466 * 1024,
      reason:
        "React Email's render: React's streaming server renderer (~116 KiB, react-dom/server's streaming build alone: " +
        'reactDomServer in the rules table), on top of the consumer with DynamoDB, SES and Powertools Logger and Metrics',
    },
    'http/checkout/create-checkout': {
      maxBytes: 433 * 1024,
      reason: `${STRIPE_ORDERS}, and jose (~18 KiB) for the optional sign-in`,
    },
    'http/admin/create-order': { maxBytes: 416 * 1024, reason: STRIPE_ORDERS },
    'http/admin/update-order': { maxBytes: 402 * 1024, reason: STRIPE_ORDERS },
    'http/checkout/abandon-checkout': { maxBytes: 391 * 1024, reason: STRIPE_ORDERS },
    'http/orders/order-from-session': { maxBytes: 391 * 1024, reason: STRIPE_ORDERS },
    'webhooks/stripe': { maxBytes: 390 * 1024, reason: STRIPE_ORDERS },
    'triggers/custom-email-sender': {
      maxBytes: 541 * 1024,
      reason:
        "the AWS Encryption SDK's decrypt-only packages that open Cognito's codes (~51 KiB), with the ECDSA check of " +
        "Cognito's signed suite (asn1.js ~24 KiB, bn.js ~44 KiB twice: asn1.js pins its own 4.x), readable-stream with " +
        "duplexify (~48 KiB: the SDK's decrypt runs on its stream) and the KMS client (~45 KiB)",
    },
    'http/admin/create-upload': { maxBytes: 476 * 1024, reason: `${S3}, with the presigned POST policy` },
    'events/make-image-variants': { maxBytes: 462 * 1024, reason: S3 },
    'http/site/get-missing-page': { maxBytes: 369 * 1024, reason: S3 },
    'events/render-storefront-pages': {
      maxBytes: 1517 * 1024,
      reason:
        'the storefront it renders into pages, the prerendered pages and their layout only (app/storefront-routes.tsx; ' +
        'one file: Lambda bundles do not split): the S3, CloudFront and DynamoDB clients with the SDK core (~555 KiB), ' +
        "react-dom/server (~220 KiB: renderToString's build, and the stream build the module loads with it), " +
        'react-router (~210 KiB: its package exports only its development build), the pages with radix, ' +
        "react-query and the icons (~300 KiB), and both languages' texts with i18next (~125 KiB); never on a " +
        'request path (it runs on product changes and deploys)',
    },
    'http/chat/post-chat': {
      maxBytes: 434 * 1024,
      reason: 'the Bedrock Runtime client with event streams, zod with JSON Schema for the tools, and jose',
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
