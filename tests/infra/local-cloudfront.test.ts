/**
 * The CloudFront stand-in against the real SDK: CreateInvalidation answered in CloudFront's
 * shape, its errors as the SDK's typed exceptions, a repeated caller reference idempotent.
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudFrontStandIn, type CloudFrontStandIn } from '../../infra/local/cloudfront';

let standIn: CloudFrontStandIn;
let client: CloudFrontClient;

beforeAll(async () => {
  standIn = await startCloudFrontStandIn({ port: 0, distributionId: 'ETEST' });
  client = new CloudFrontClient({
    endpoint: standIn.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client.destroy();
  await standIn.close();
});

const invalidate = (paths: string[], callerReference: string, distributionId = 'ETEST') =>
  client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: callerReference, Paths: { Quantity: paths.length, Items: paths } },
    }),
  );

describe('the CloudFront stand-in', () => {
  it('records an invalidation and answers with its id, status and paths', async () => {
    const answer = await invalidate(['/pages/en/index.html', '/pages/de/product/a%20b.html'], 'ref-1');
    expect(answer.Invalidation).toMatchObject({
      Id: expect.stringMatching(/^I[0-9A-F]+$/),
      Status: 'Completed',
      InvalidationBatch: {
        CallerReference: 'ref-1',
        Paths: { Quantity: 2, Items: ['/pages/en/index.html', '/pages/de/product/a%20b.html'] },
      },
    });
    expect(answer.Location).toContain(`/2020-05-31/distribution/ETEST/invalidation/${answer.Invalidation?.Id}`);
    const listed = (await (await fetch(`${standIn.url}/_stand-in/invalidations`)).json()) as {
      invalidations: { paths: string[] }[];
    };
    expect(listed.invalidations.at(-1)?.paths).toEqual(['/pages/en/index.html', '/pages/de/product/a%20b.html']);
  });

  it('answers the same batch again for the same caller reference, and refuses another one under it', async () => {
    const first = await invalidate(['/pages/*'], 'ref-2');
    const again = await invalidate(['/pages/*'], 'ref-2');
    expect(again.Invalidation?.Id).toBe(first.Invalidation?.Id);
    await expect(invalidate(['/other'], 'ref-2')).rejects.toMatchObject({ name: 'InvalidationBatchAlreadyExists' });
  });

  it("refuses an unknown distribution, a path without '/', and a quantity that does not match", async () => {
    await expect(invalidate(['/x'], 'ref-3', 'ENOPE')).rejects.toMatchObject({
      name: 'NoSuchDistribution',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(invalidate(['pages/x'], 'ref-4')).rejects.toMatchObject({ name: 'InvalidArgument' });
    await expect(
      client.send(
        new CreateInvalidationCommand({
          DistributionId: 'ETEST',
          InvalidationBatch: { CallerReference: 'ref-5', Paths: { Quantity: 3, Items: ['/a'] } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InconsistentQuantities' });
  });
});
