/**
 * The Stripe SDK as the Lambda bundles carry it (infra/cdk/bundling/stripe-pruned.ts): cut down to
 * STRIPE_RESOURCES, and still the SDK, so it is bundled here with the esbuild CLI and the aliases
 * of ShopFunction and run in a fresh Node process against the local Stripe stand-in.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_RESOURCES } from '../../functions/lib/clients/stripe-resources';
import { prunedStripeEntry, pruneStripeEntry } from '../../infra/cdk/bundling/stripe-pruned';
import { startStripeStandIn, type StripeStandIn } from '../../infra/local/stripe';
import { REPO_ROOT } from '../../infra/cdk/paths';
import { bundleProbe, runProbe } from './fixtures/bundle';

const ESM_DIR = path.join(REPO_ROOT, 'node_modules', 'stripe', 'esm');
const ENTRY = readFileSync(path.join(ESM_DIR, 'stripe.esm.node.js'), 'utf8');
const RESOURCES_JS = readFileSync(path.join(ESM_DIR, 'resources.js'), 'utf8');
const SECRET_KEY = 'sk_test_pruned';
const WEBHOOK_SECRET = 'whsec_pruned';

/** The client properties a (pruned) entry's constructor builds from its generated section. */
function builtResources(entry: string): string[] {
  const section = entry.slice(
    entry.indexOf('// StripeInitInstanceVariables: The beginning'),
    entry.indexOf('// StripeInitInstanceVariables: The end'),
  );
  return [...section.matchAll(/this\.(\w+) = new \w+\(this\);/g)].map((match) => match[1] as string).sort();
}

const resourceImports = (entry: string): string[] =>
  [...entry.matchAll(/^import \{ (\w+),? \} from '\.\/resources[/.][\w/.]*';$/gm)].map((match) => match[1] as string);

describe('pruning the Stripe SDK', () => {
  it('keeps exactly the listed resources, and imports only their classes', () => {
    expect(builtResources(ENTRY).length).toBeGreaterThan(60);
    const pruned = pruneStripeEntry(ENTRY, RESOURCES_JS, STRIPE_RESOURCES);
    expect(builtResources(pruned)).toEqual([...STRIPE_RESOURCES].sort());
    expect(resourceImports(pruned).sort()).toEqual(['Checkout', 'CouponResource', 'OAuthResource', 'ProductResource']);
    // The catalogue of every resource is what pulled them all in.
    expect(pruned).not.toContain("from './resources.js'");
    // So would the v2 event notifications, which the shop does not take.
    expect(pruned).not.toContain("from './StripeEventNotificationHandler.js'");
    expect(pruned).toContain('Stripe v2 event notifications are not in this bundle');
  });

  it('keeps whichever resources it is told', () => {
    const pruned = pruneStripeEntry(ENTRY, RESOURCES_JS, ['refunds', 'events']);
    expect(builtResources(pruned)).toEqual(['events', 'refunds']);
    expect(resourceImports(pruned).sort()).toEqual(['EventResource', 'OAuthResource', 'RefundResource']);
  });

  it('fails naming a resource the SDK does not have', () => {
    expect(() => pruneStripeEntry(ENTRY, RESOURCES_JS, ['products', 'sessionz'])).toThrow(
      /builds no resource named sessionz/,
    );
  });

  it('fails naming the marker it expected when a Stripe upgrade moved the generated sections', () => {
    const withoutInit = ENTRY.replace('// StripeInitInstanceVariables: The beginning', '// Resources:');
    expect(() => pruneStripeEntry(withoutInit, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      'has no section marked "// StripeInitInstanceVariables: The beginning of the section generated from our OpenAPI spec"',
    );
    const withoutImports = ENTRY.replace('// StripeInstanceImports: The beginning', '// Imports:');
    expect(() => pruneStripeEntry(withoutImports, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      'has no section marked "// StripeInstanceImports:',
    );
    const unclosed = ENTRY.replace('// StripeInstanceImports: The end', '// Imports end');
    expect(() => pruneStripeEntry(unclosed, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      'opens the generated section StripeInstanceImports and never closes it',
    );
    const catalogue = ENTRY.replace("import * as resources from './resources.js';", '');
    expect(() => pruneStripeEntry(catalogue, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      "no longer has `import * as resources from './resources.js';`",
    );
    const notifications = ENTRY.replace("from './StripeEventNotificationHandler.js'", "from './notifications.js'");
    expect(() => pruneStripeEntry(notifications, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      "no longer has `import { StripeEventNotificationHandler, } from './StripeEventNotificationHandler.js';`",
    );
  });

  it('fails on a line in a generated section it does not understand, rather than leave it half-pruned', () => {
    const odd = ENTRY.replace(
      '        this.coupons = new CouponResource(this);',
      '        this.coupons = new CouponResource(this, { beta: true });',
    );
    expect(() => pruneStripeEntry(odd, RESOURCES_JS, STRIPE_RESOURCES)).toThrow(
      'unexpected line in StripeInitInstanceVariables: this.coupons = new CouponResource(this, { beta: true });',
    );
  });
});

/**
 * Run in a fresh Node process from its bundle: the listed resources and no others, a webhook
 * signature checked (and a forged one refused), calls to the stand-in that need the SDK's
 * retries, idempotency keys and error classes, and the v2 notifications saying they are left out.
 */
const PROBE = `
import Stripe from 'stripe';
import { STRIPE_RESOURCES } from ${JSON.stringify(path.join(REPO_ROOT, 'functions', 'lib', 'clients', 'stripe-resources.ts'))};

const stripe = new Stripe(${JSON.stringify(SECRET_KEY)}, {
  host: '127.0.0.1',
  port: Number(process.env.STRIPE_PORT),
  protocol: 'http',
  maxNetworkRetries: 2,
});
const out = {};
out.listed = STRIPE_RESOURCES.filter((name) => stripe[name] !== undefined);
out.unlisted = ['customers', 'invoices', 'subscriptions', 'events', 'refunds', 'v2'].filter((name) => stripe[name] !== undefined);

const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: ${JSON.stringify(WEBHOOK_SECRET)} });
out.verified = (await stripe.webhooks.constructEventAsync(payload, header, ${JSON.stringify(WEBHOOK_SECRET)}, 300)).id;
out.forged = await stripe.webhooks
  .constructEventAsync(payload.replace('evt_1', 'evt_2'), header, ${JSON.stringify(WEBHOOK_SECRET)}, 300)
  .then(() => 'accepted', (err) => err instanceof Stripe.errors.StripeSignatureVerificationError ? 'refused' : String(err));

// The stand-in answers the first create with a 500 (armed by the test): the SDK retries it with the same key.
const first = await stripe.products.create({ name: 'Tee' }, { idempotencyKey: 'linea-product-probe' });
const again = await stripe.products.create({ name: 'Tee' }, { idempotencyKey: 'linea-product-probe' });
out.sameProduct = first.id === again.id && first.id.startsWith('prod_');
out.updated = (await stripe.products.update(first.id, { active: false })).active;
out.missing = await stripe.checkout.sessions.retrieve('cs_test_missing').then(
  () => 'found',
  (err) => err instanceof Stripe.errors.StripeInvalidRequestError ? err.code : String(err),
);
out.notifications = (() => {
  try {
    stripe.notificationHandler(${JSON.stringify(WEBHOOK_SECRET)});
    return 'built';
  } catch (err) {
    return err.message;
  }
})();
console.log(JSON.stringify(out));
`;

describe('a bundle with the pruned Stripe SDK', () => {
  let dir: string;
  let standIn: StripeStandIn;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'linea-stripe-pruned-'));
    standIn = await startStripeStandIn({
      port: 0,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      // No event of the probe's calls is delivered anywhere that matters.
      webhookUrl: 'http://127.0.0.1:9/',
      webhookMaxAttempts: 1,
      log: () => undefined,
      warn: () => undefined,
    });
  });

  afterAll(async () => {
    await standIn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has the listed resources only, verifies webhook signatures, and calls Stripe with retries and idempotency', async () => {
    const bundle = await bundleProbe(dir, PROBE);
    const source = readFileSync(bundle, 'utf8');
    expect(source).toContain('/v1/checkout/sessions');
    expect(source).not.toContain('/v1/subscriptions');
    expect(source).not.toContain('v2.commerce.product_catalog.imports.failed');

    const fault = await fetch(`${standIn.url}/_stand-in/faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPrefix: '/v1/products', status: 500, count: 1 }),
    });
    expect(fault.status).toBe(201);
    const stdout = await runProbe(bundle, { STRIPE_PORT: String(standIn.port) });
    expect(JSON.parse(stdout)).toEqual({
      listed: [...STRIPE_RESOURCES],
      unlisted: [],
      verified: 'evt_1',
      forged: 'refused',
      sameProduct: true,
      updated: false,
      missing: 'resource_missing',
      notifications: 'Stripe v2 event notifications are not in this bundle (infra/cdk/bundling/stripe-pruned.ts)',
    });
    // The fault was used up: the first create failed once and was retried.
    expect(await (await fetch(`${standIn.url}/_stand-in/faults`)).json()).toEqual({ faults: [] });
  });

  it('is derived once per process, into the ignored cache', () => {
    expect(prunedStripeEntry()).toBe(prunedStripeEntry());
    expect(path.relative(REPO_ROOT, prunedStripeEntry())).toMatch(
      /^node_modules\/\.cache\/linea-bundling\/stripe-[\d.]+-[0-9a-f]{12}\/stripe\.esm\.node\.js$/,
    );
  });
});
