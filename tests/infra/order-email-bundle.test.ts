/**
 * The order confirmation as its Lambda bundle renders it. That bundle swaps modules at bundle time
 * (react-dom/server's streaming build alone, html-to-text and prettier left out: ShopFunction's
 * aliases), and every other suite renders the email from source, so this one bundles it the way
 * ShopFunction does, runs it in a fresh Node process away from node_modules, and holds what comes
 * out against the source's rendering of the same orders. (Dates are formatted in Zürich time
 * whatever the process's zone.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { orderConfirmationEmail } from '../../functions/email/order-confirmation';
import { REPO_ROOT } from '../../infra/cdk/paths';
import { aPricedOrderDto } from '../fixtures/orders';
import type { Order } from '../../functions/data/order-repository';
import { bundleProbe, runProbe } from './fixtures/bundle';

const ORDER_URL = 'https://shop.linea.test/order-confirmation/cs_test_guest_proof';

function order(locale: 'en' | 'de', overrides: Partial<Order> = {}): OrderDto {
  const lines = [
    { productId: 'p-crew', name: 'Merino Crew <b>', size: 'M', color: 'Sand', unitPrice: 12_900, quantity: 2 },
    { productId: 'p-coat', name: 'Wool Coat', size: 'L', color: 'Charcoal', unitPrice: 64_900, quantity: 1 },
  ];
  return aPricedOrderDto(
    lines,
    { code: 'WELCOME10', type: 'percentage', percent: 10 },
    {
      id: `ord_bundle_${locale}`,
      status: 'confirmed',
      createdAt: '2026-03-04T23:30:00.000Z',
      locale,
      ...overrides,
    },
  );
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
    const bundle = await bundleProbe(
      dir,
      `import { orderConfirmationEmail } from ${JSON.stringify(path.join(REPO_ROOT, 'functions', 'email', 'order-confirmation.tsx'))};
const orders = ${JSON.stringify(ORDERS)};
const emails = [];
for (const order of orders) emails.push(await orderConfirmationEmail(order, { orderUrl: ${JSON.stringify(ORDER_URL)} }));
console.log(JSON.stringify(emails));
`,
      { reactDomServer: 'streaming' },
    );
    const stdout = await runProbe(bundle);

    const fromSource = await Promise.all(ORDERS.map((o) => orderConfirmationEmail(o, { orderUrl: ORDER_URL })));
    expect(JSON.parse(stdout)).toEqual(fromSource);
    expect(fromSource[1]?.html).toContain('Jürg &amp; &quot;Co&quot;');
  }, 60_000);
});
