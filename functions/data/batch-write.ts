import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** BatchWriteItem's limit. */
const BATCH_SIZE = 25;

/**
 * Writes every request, 25 a call, sending again with backoff what DynamoDB leaves unprocessed
 * under load. Not atomic: for bulk work that may be repeated. `inFlight` calls at a time (one
 * by default); bulk seeding sends several, since each call waits on the table's disk.
 */
export async function batchWriteAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
  { inFlight = 1 }: { readonly inFlight?: number } = {},
): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_SIZE)
    batches.push(requests.slice(start, start + BATCH_SIZE));
  const writeBatch = async (batch: WriteRequest[]): Promise<void> => {
    let pending = batch;
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      if (attempt > 6) throw new Error('DynamoDB kept leaving batch writes unprocessed');
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(inFlight, batches.length) }, async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) await writeBatch(batch);
    }),
  );
}
