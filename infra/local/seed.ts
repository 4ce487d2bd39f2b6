/**
 * Seeds the catalogue through the product repository, so seeded items have exactly the keys and
 * stamps the handlers write. Imported lazily: the repository module builds SDK clients, which
 * must not happen before the local environment is applied.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export async function seedProducts(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const [{ createProductRepository }, { seedCatalogue: products }] = await Promise.all([
    import('../../functions/data/product-repository'),
    import('./seed/catalogue'),
  ]);
  const repository = createProductRepository(db, () => tableName);
  await Promise.all(products.map((product) => repository.put(product)));
  return products.length;
}

/** Seeds the promo codes (one of each kind, plus an inactive one) through the promo repository. */
export async function seedPromoCodes(db: DynamoDBDocumentClient, tableName: string): Promise<string[]> {
  const [{ createPromoRepository }, { seedPromoCodes: codes }] = await Promise.all([
    import('../../functions/data/promo-repository'),
    import('./seed/promo-codes'),
  ]);
  const repository = createPromoRepository(db, () => tableName);
  await Promise.all(codes.map((code) => repository.put(code)));
  return codes.map((code) => `${code.code}${code.isActive ? '' : ' (inactive)'}`);
}

/** Batch writes in flight at once for each of the demo's two writes (orders, figures). */
const SEED_WRITES_IN_FLIGHT = 4;

/**
 * Seeds about 90 days of demo orders (demo customers at example.com) and the admin figures they
 * make, through the stats repository's seedHistory: the figures the OrderStats consumer would
 * have made from their status changes, written at once. Stock is left alone: these sales are
 * history.
 */
export async function seedDemoOrders(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const [{ batchWriteAll }, { toItem }, { createStatsRepository }, { seedCatalogue }, { demoOrders }] =
    await Promise.all([
      import('../../functions/data/batch-write'),
      import('../../functions/data/order-repository'),
      import('../../functions/data/stats-repository'),
      import('./seed/catalogue'),
      import('./seed/demo-orders'),
    ]);
  const orders = demoOrders(seedCatalogue);
  // Several batches in flight: each BatchWriteItem waits on DynamoDB Local's disk.
  await Promise.all([
    batchWriteAll(
      db,
      tableName,
      orders.map(({ order }) => ({ PutRequest: { Item: toItem(order) } })),
      { inFlight: SEED_WRITES_IN_FLIGHT },
    ),
    createStatsRepository(db, () => tableName).seedHistory(
      orders.map(({ order, transitions }) => ({ orderId: order.id, order, transitions })),
      { inFlight: SEED_WRITES_IN_FLIGHT },
    ),
  ]);
  return orders.length;
}
