/**
 * The order confirmation as its Lambda bundle renders it. That bundle swaps modules at bundle time
 * (react-dom/server's streaming build alone, html-to-text and prettier left out: ShopFunction's
 * aliases), and every other suite renders the email from source, so this one bundles it the way
 * ShopFunction does, runs it in a fresh Node process away from node_modules, and holds what comes
 * out against the source's rendering of the same orders.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { lineTotal, priceOrder } from '@linea/shared/domain/pricing';
import { orderConfirmationEmail } from '../../functions/email/order-confirmation';
import { REPO_ROOT } from '../../infra/cdk/paths';
import { bundleAliasArgs, ESM_REQUIRE_BANNER } from '../../infra/cdk/constructs/shop-function';
import { anOrderDto } from '../fixtures/orders';

const run = promisify(execFile);
const ORDER_URL = 'https://shop.linea.test/order-confirmation/cs_test_guest_proof';

function order(locale: 'en' | 'de', overrides: Partial<OrderDto> = {}): OrderDto {
  const lines = [
    { productId: 'p-crew', name: 'Merino Crew <b>', size: 'M', color: 'Sand', unitPrice: 12_900, quantity: 2 },
    { productId: 'p-coat', name: 'Wool Coat', size: 'L', color: 'Charcoal', unitPrice: 64_900, quantity: 1 },
  ];
  const promo = { code: 'WELCOME10', type: 'percentage' as const, percent: 10 };
  return anOrderDto({
    id: `ord_bundle_${locale}`,
    status: 'confirmed',
    createdAt: '2026-03-04T23:30:00.000Z',
    email: 'anna@example.ch',
    locale,
    items: lines.map((line) => ({
      ...line,
      image: `/images/products/${line.productId}.svg`,
      lineTotal: lineTotal(line),
      sizeLabel: line.size,
      colorName: line.color,
    })),
    ...priceOrder(lines, promo),
    promo: { code: promo.code, type: promo.type },
    ...overrides,
  });
}

const ORDERS = [order('en'), order('de', { firstName: 'Jürg & "Co"' })];

describe('the order confirmation from its Lambda bundle', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'linea-order-email-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the same subject, HTML and text as the source', async () => {
    const entry = path.join(dir, 'probe.ts');
    const bundle = path.join(dir, 'probe.mjs');
    writeFileSync(
      entry,
      `import { orderConfirmationEmail } from ${JSON.stringify(path.join(REPO_ROOT, 'functions', 'email', 'order-confirmation.tsx'))};
const orders = ${JSON.stringify(ORDERS)};
const emails = [];
for (const order of orders) emails.push(await orderConfirmationEmail(order, { orderUrl: ${JSON.stringify(ORDER_URL)} }));
console.log(JSON.stringify(emails));
`,
    );
    // The settings of ShopFunction's bundling that decide what the email's code is.
    await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'esbuild'), [
      entry,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node22',
      '--main-fields=module,main',
      '--minify',
      `--banner:js=${ESM_REQUIRE_BANNER}`,
      '--define:process.env.NODE_ENV="production"',
      `--outfile=${bundle}`,
      '--log-level=warning',
      ...bundleAliasArgs('streaming').map((alias) => `--alias:${alias}`),
    ]);
    const { stdout } = await run(process.execPath, [bundle], {
      cwd: dir,
      timeout: 30_000,
      env: { PATH: process.env.PATH, TZ: 'UTC' },
    });

    const fromSource = await Promise.all(ORDERS.map((o) => orderConfirmationEmail(o, { orderUrl: ORDER_URL })));
    expect(JSON.parse(stdout)).toEqual(fromSource);
    expect(fromSource[1]?.html).toContain('Jürg &amp; &quot;Co&quot;');
  }, 60_000);
});
