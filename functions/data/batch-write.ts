import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Writes every request, 25 a call (BatchWriteItem's limit), sending again with backoff what
 * DynamoDB leaves unprocessed under load. Not atomic: for bulk work that may be repeated.
 */
export async function batchWriteAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      if (attempt > 6) throw new Error('DynamoDB kept leaving batch writes unprocessed');
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }
  }
}
