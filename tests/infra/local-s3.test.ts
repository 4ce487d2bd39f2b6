/**
 * The S3 stand-in against what the AWS SDK makes: a presigned POST upload within its policy is
 * stored and served; an upload too large, of another type, after its expiry, with a forged
 * signature or with a field the policy does not allow is refused with S3's error, storing nothing.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../infra/local/s3';

const BUCKET = 'linea-media';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local-secret' };
let s3: S3StandIn;
let client: S3Client;
const created: { key: string; size: number; contentType: string }[] = [];

beforeAll(async () => {
  s3 = await startS3StandIn({
    port: 0,
    region: 'eu-central-2',
    credentials,
    buckets: [BUCKET],
    onObjectCreated: ({ key, size, contentType }) => created.push({ key, size, contentType }),
  });
  client = new S3Client({ region: 'eu-central-2', endpoint: s3.endpoint, forcePathStyle: true, credentials });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

const MAX_BYTES = 5 * 1024 * 1024;

/** A policy as the upload route will write it: one key, one image type, at most 5 MB. */
function presign(key: string, contentType: string, expires = 60) {
  return createPresignedPost(client, {
    Bucket: BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: expires,
  });
}

async function upload(
  post: { url: string; fields: Record<string, string> },
  file: Blob,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...post.fields, ...extra })) form.append(name, value);
  form.append('file', file, 'photo');
  const response = await fetch(post.url, { method: 'POST', body: form });
  return { status: response.status, body: await response.text() };
}

const png = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/png' });

describe('the S3 stand-in', () => {
  it('stores an upload within its policy, serves it with its type and reports it as created', async () => {
    const post = await presign('uploads/originals/a.png', 'image/png');
    expect(post.url).toBe(`${s3.endpoint}/${BUCKET}`);
    const result = await upload(post, png(2048));
    expect(result.status).toBe(204);
    const served = await fetch(`${s3.endpoint}/${BUCKET}/uploads/originals/a.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await served.arrayBuffer()).byteLength).toBe(2048);
    expect(created).toContainEqual({ key: 'uploads/originals/a.png', size: 2048, contentType: 'image/png' });
  });

  it('refuses a file over the policy’s size (EntityTooLarge) and stores nothing', async () => {
    const post = await presign('uploads/originals/big.png', 'image/png');
    const result = await upload(post, png(MAX_BYTES + 1));
    expect(result.status).toBe(400);
    expect(result.body).toContain('<Code>EntityTooLarge</Code>');
    expect((await fetch(`${s3.endpoint}/${BUCKET}/uploads/originals/big.png`)).status).toBe(404);
  });

  it('refuses another content type than the policy names, e.g. HTML (AccessDenied)', async () => {
    const post = await presign('uploads/originals/page.png', 'image/png');
    const result = await upload(post, new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), {
      'Content-Type': 'text/html',
    });
    expect(result.status).toBe(403);
    expect(result.body).toContain('<Code>AccessDenied</Code>');
    expect(result.body).toContain('Content-Type');
    expect((await fetch(`${s3.endpoint}/${BUCKET}/uploads/originals/page.png`)).status).toBe(404);
  });

  it('refuses another key, a forged signature, an expired policy and fields the policy does not allow', async () => {
    const post = await presign('uploads/originals/b.png', 'image/png');
    expect((await upload(post, png(10), { key: 'uploads/originals/other.png' })).body).toContain('AccessDenied');
    expect((await upload(post, png(10), { 'X-Amz-Signature': '0'.repeat(64) })).body).toContain(
      'SignatureDoesNotMatch',
    );
    expect((await upload(post, png(10), { acl: 'public-read' })).body).toContain('Extra input fields: acl');
    const expired = await presign('uploads/originals/c.png', 'image/png', -1);
    expect((await upload(expired, png(10))).body).toContain('Policy expired');
    expect((await fetch(`${s3.endpoint}/${BUCKET}/uploads/originals/b.png`)).status).toBe(404);
  });

  it('answers S3 errors for an unknown bucket or key', async () => {
    const missing = await fetch(`${s3.endpoint}/${BUCKET}/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');
    expect(await (await fetch(`${s3.endpoint}/other-bucket/x`)).text()).toContain('NoSuchBucket');
  });
});
