/**
 * Publishes the built web app into the local site bucket as CDK's deployment does in the cloud:
 * index.html with the stage's runtime config, the template every prerendered page is made from.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { withRuntimeConfig, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { TEMPLATE_KEY } from '@linea/web/server/page-routing';

export interface PublishSiteOptions {
  readonly webDist: string;
  readonly config: WebRuntimeConfig;
  readonly s3Endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** Returns the template as published, or undefined when there is no build to publish. */
export async function publishSite(options: PublishSiteOptions): Promise<string | undefined> {
  const index = join(options.webDist, 'index.html');
  if (!existsSync(index)) return undefined;
  const template = withRuntimeConfig(readFileSync(index, 'utf8'), options.config);
  const client = new S3Client({
    endpoint: options.s3Endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: true,
  });
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: TEMPLATE_KEY,
        Body: template,
        ContentType: 'text/html; charset=utf-8',
        CacheControl: 'no-cache',
      }),
    );
  } finally {
    client.destroy();
  }
  return template;
}
