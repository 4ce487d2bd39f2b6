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

/**
 * Seeds about 90 days of demo orders (demo customers at example.com) and applies their status
 * changes to the admin figures through the same repository the OrderStats consumer uses, so the
 * figures are those the events would have made. Stock is left alone: these sales are history.
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
  await batchWriteAll(
    db,
    tableName,
    orders.map(({ order }) => ({ PutRequest: { Item: toItem(order) } })),
  );
  const stats = createStatsRepository(db, () => tableName);
  const queue = [...orders];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        for (const transition of next.transitions) await stats.applyTransition(next.order.id, next.order, transition);
      }
    }),
  );
  return orders.length;
}
