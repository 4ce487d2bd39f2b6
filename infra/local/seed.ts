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
