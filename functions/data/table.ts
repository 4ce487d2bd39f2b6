/**
 * The one table's schema: key attributes, index names and the TTL attribute. The CDK Data
 * construct, the local set-up and the integration tests build the table from this alone.
 * Key *formats* live only in keys.ts.
 */
export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;

export const TABLE_INDEXES = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
] as const;

export type IndexName = (typeof TABLE_INDEXES)[number]['indexName'];

/** Epoch seconds after which DynamoDB deletes the item (idempotency records, rate windows). */
export const TTL_ATTRIBUTE = 'expiresAt';

/** Every key attribute is a string. */
export function keyAttributeNames(): string[] {
  return [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...TABLE_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
}
