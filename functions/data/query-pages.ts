import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Every page of a query, in order. DynamoDB returns at most 1 MB per call, so a query that must
 * see everything follows LastEvaluatedKey until there is none.
 */
export async function* queryPages(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
): AsyncGenerator<QueryCommandOutput> {
  let ExclusiveStartKey = input.ExclusiveStartKey;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    yield page;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item a query matches, across all its pages. */
export async function queryAllItems(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(db, input)) items.push(...(page.Items ?? []));
  return items;
}
