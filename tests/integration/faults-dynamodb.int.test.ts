/**
 * Faults survived, nothing lost (issue 15): DynamoDB Local stopped in the middle of traffic.
 * Every request is answered in time, either as usual or with the typed 503; no order is left
 * half-written (the stock reserved always matches the orders that hold it); and once the table
 * is back, the same running cloud serves again: the functions' DynamoDB client reconnects.
 *
 * This file runs a local cloud of its own (in its worker, data in a temp dir so that DynamoDB
 * Local keeps it across the restart), because stopping the table would break the other files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { arrangeProduct, checkout } from './fixtures/shop-order';
import { api, documentClient, endpoints, useOwnCloud, waitForBusIdle, waitForStripeIdle } from './helpers';

/** An API function's timeout in the cloud (ShopFunction's default): no answer may come later. */
const FUNCTION_TIMEOUT_MS = 10_000;
const STOCK = 200;
/** Between one shopper's rounds: three shoppers stay under the checkout route's 20 requests/s. */
const SHOPPER_PAUSE_MS = 250;

let cloud: LocalCloud;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linea-faults-dynamodb-'));
  cloud = await startLocalCloud({ persistDir: dataDir, quiet: true });
  useOwnCloud(cloud.endpoints);
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  readonly request: 'checkout' | 'product';
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
  readonly at: number;
}

const sleep = (ms: number) => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

async function stockOf(productId: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: endpoints().tableName, Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' } }),
  );
  return Item?.stockQuantity as number;
}

/** Every order that holds a line of the product, with its status. */
async function ordersOf(productId: string): Promise<Array<{ id: string; status: string; quantity: number }>> {
  const found: Array<{ id: string; status: string; quantity: number }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: endpoints().tableName,
        FilterExpression: 'SK = :order',
        ExpressionAttributeValues: { ':order': 'ORDER' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const lines = (item.items as Array<{ productId: string; quantity: number }>).filter(
        (line) => line.productId === productId,
      );
      if (lines.length)
        found.push({
          id: item.id as string,
          status: item.status as string,
          quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

describe('DynamoDB Local stopped in the middle of traffic', () => {
  it('answers 503 typed and in time, leaves no half-written order, and serves again once it is back', async () => {
    const product = await arrangeProduct(STOCK);
    const answers: Answer[] = [];
    let trafficOn = true;
    /** One shopper: checks out and looks at the product, again and again, until told to stop. */
    const shopper = async (): Promise<void> => {
      while (trafficOn) {
        for (const request of ['checkout', 'product'] as const) {
          const started = Date.now();
          const response =
            request === 'checkout' ? await checkout(product) : await api(`/products/${encodeURIComponent(product.id)}`);
          answers.push({
            request,
            status: response.status,
            body: response.body as Record<string, unknown>,
            ms: Date.now() - started,
            at: Date.now(),
          });
        }
        await sleep(SHOPPER_PAUSE_MS);
      }
    };
    const traffic = Promise.all([shopper(), shopper(), shopper()]);

    await sleep(1_000);
    await cloud.standIns.stop('dynamodb');
    const stoppedAt = Date.now();
    await sleep(2_500);
    await cloud.standIns.start('dynamodb');
    const backAt = Date.now();
    await sleep(1_500);
    trafficOn = false;
    await traffic;

    // Answered in time, and only ever as usual or with the typed 503.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(FUNCTION_TIMEOUT_MS);
    const unexpected = answers.filter((answer) => ![200, 201, 503].includes(answer.status));
    expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) expect(answer.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    expect(answers.filter((answer) => answer.at < stoppedAt && answer.status !== 503).length).toBeGreaterThan(0);

    // Served again by the same running cloud, without a restart.
    expect(answers.filter((answer) => answer.at > backAt && answer.status === 201).length).toBeGreaterThan(0);
    const after = await checkout(product);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect((await api(`/products/${encodeURIComponent(product.id)}`)).status).toBe(200);

    // No half-written order: every order answered 201 exists, and the stock reserved is exactly
    // what the orders still open hold (an order cancelled because its session failed gave its
    // units back), once Stripe's expired-session webhooks and the bus have settled.
    expect(await waitForStripeIdle()).toBe(true);
    expect(await waitForBusIdle()).toBe(true);
    const orders = await ordersOf(product.id);
    const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.orderId);
    placed.push(after.body.orderId);
    expect(orders.map((order) => order.id)).toEqual(expect.arrayContaining(placed));
    const held = orders.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.quantity, 0);
    expect(await stockOf(product.id)).toBe(STOCK - held);
  });

  it('answers 503 typed within the function timeout while DynamoDB Local hangs, and serves again once it answers', async () => {
    const product = await arrangeProduct();
    const page = `/products/${encodeURIComponent(product.id)}`;
    expect((await api(page)).status).toBe(200);

    cloud.standIns.freeze('dynamodb');
    let answers: Array<{ status: number; body: unknown; ms: number }>;
    try {
      answers = await Promise.all(
        [page, page, '/products'].map(async (path) => {
          const started = Date.now();
          const response = await api(path);
          return { status: response.status, body: response.body, ms: Date.now() - started };
        }),
      );
    } finally {
      cloud.standIns.thaw('dynamodb');
    }

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, body: { error: 'SERVICE_UNAVAILABLE' } });
      expect(answer.ms).toBeLessThan(FUNCTION_TIMEOUT_MS);
    }
    expect((await api(page)).status).toBe(200);
  });
});
