/**
 * The same data read straight from DynamoDB Local: the product repository's listInStock (the
 * GSI1 query GET /products runs) called by `concurrency` workers in a loop, each call timed.
 */
import { Agent } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { percentile, type LatencySummary } from './stats';

export async function directQueryLoad(
  target: { endpoint: string; region: string; tableName: string },
  concurrency: number,
  seconds: number,
): Promise<LatencySummary> {
  const client = new DynamoDBClient({
    endpoint: target.endpoint,
    region: target.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: concurrency }) },
  });
  // Imported here, not at the top: functions modules build their SDK clients on import, which
  // must happen after the local cloud has set the environment.
  const { createProductRepository } = await import('../../functions/data/product-repository');
  const repository = createProductRepository(DynamoDBDocumentClient.from(client), () => target.tableName);
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await repository.listInStock();
        latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  client.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    failures,
  };
}
