import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { handler } from './make-image-variants';

const s3Mock = mockClient(S3Client);
const ddbMock = mockClient(DynamoDBDocumentClient);
// Whatever happens, only the partitions its IAM grant allows are touched (rules.ts).
afterEach(() => void expectWithinRuleScope('MediaImageVariants', ddbMock));
beforeEach(() => {
  s3Mock.reset();
  ddbMock.reset();
});

const UPLOAD_ID = '6f1c2b9e-8d1a-4c3e-9b7a-2e4d5f6a7b8c';
const KEY = `uploads/${UPLOAD_ID}.jpg`;

const uploaded = (key = KEY) => ({
  ...eventBridgeEvent('Object Created', {
    version: '0',
    bucket: { name: 'linea-test-media' },
    object: { key, size: 1234 },
    reason: 'PostObject',
  }),
  source: 'aws.s3',
});

function pendingUpload(status = 'pending') {
  ddbMock.on(GetCommand).resolves({
    Item: {
      id: UPLOAD_ID,
      status,
      contentType: 'image/jpeg',
      size: 1234,
      uploadedBy: 'admin@linea.test',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  });
  ddbMock.on(UpdateCommand).resolves({});
}

function original(bytes: Buffer) {
  // The SDK's stream mixin, reduced to the one method the consumer reads with.
  s3Mock.on(GetObjectCommand).resolves({ Body: { transformToByteArray: async () => new Uint8Array(bytes) } } as never);
  s3Mock.on(PutObjectCommand).resolves({});
  s3Mock.on(DeleteObjectCommand).resolves({});
}

const photo = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 190, b: 170 } } })
    .withMetadata(orientation ? { orientation } : {})
    .jpeg()
    .toBuffer();

const settledAs = () => ddbMock.commandCalls(UpdateCommand).map((call) => call.args[0].input.ExpressionAttributeValues);

describe('make-image-variants', () => {
  it('writes four WebP widths under media/images/, marks the upload ready and deletes the original', async () => {
    pendingUpload();
    original(await photo(2000, 2500));
    await handler(uploaded());

    const puts = s3Mock.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts.map((put) => put.Key).sort()).toEqual(
      [1280, 320, 640, 960].map((width) => `media/images/${UPLOAD_ID}-${width}.webp`),
    );
    for (const put of puts) {
      expect(put).toMatchObject({ ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' });
      const meta = await sharp(put.Body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(put.Key).toBe(`media/images/${UPLOAD_ID}-${meta.width}.webp`);
      expect(meta.height).toBe(Math.round(((meta.width as number) * 2500) / 2000));
    }
    expect(settledAs()).toEqual([
      expect.objectContaining({
        ':status': 'ready',
        ':imageUrl': `/media/images/${UPLOAD_ID}-1280.webp`,
        ':width': 2000,
        ':height': 2500,
      }),
    ]);
    expect(s3Mock.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([KEY]);
  });

  it('never enlarges a small photo, and turns a photo upright by its EXIF orientation', async () => {
    pendingUpload();
    // Stored 600 wide and 400 high, orientation 6: upright it is 400 wide and 600 high.
    original(await photo(600, 400, 6));
    await handler(uploaded());
    const sizes = await Promise.all(
      s3Mock.commandCalls(PutObjectCommand).map(async (call) => {
        const meta = await sharp(call.args[0].input.Body as Buffer).metadata();
        return [call.args[0].input.Key, meta.width, meta.height];
      }),
    );
    const byKey = Object.fromEntries(sizes.map(([key, width, height]) => [key, [width, height]]));
    expect(byKey[`media/images/${UPLOAD_ID}-320.webp`]).toEqual([320, 480]);
    expect(byKey[`media/images/${UPLOAD_ID}-1280.webp`]).toEqual([400, 600]);
    expect(settledAs()[0]).toMatchObject({ ':width': 400, ':height': 600 });
  });

  it('marks a file that is no image failed and deletes it, without retrying', async () => {
    for (const bytes of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      // An SVG sent as an image: sharp could read it, the shop does not take it.
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ]) {
      ddbMock.reset();
      s3Mock.reset();
      pendingUpload();
      original(bytes);
      await expect(handler(uploaded())).resolves.toBeUndefined();
      expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
      expect(settledAs()).toEqual([expect.objectContaining({ ':status': 'failed' })]);
      expect(s3Mock.commandCalls(DeleteObjectCommand)).toHaveLength(1);
    }
  });

  it('does nothing for an upload already settled (a repeated event) or a key the API never signed', async () => {
    pendingUpload('ready');
    await handler(uploaded());
    ddbMock.reset();
    await handler(uploaded('uploads/../../media/images/x.jpg'));
    expect(ddbMock.calls()).toHaveLength(0);
    expect(s3Mock.calls()).toHaveLength(0);
  });

  it('throws when S3 fails, so EventBridge retries and finally dead-letters the event', async () => {
    pendingUpload();
    s3Mock.on(GetObjectCommand).rejects(Object.assign(new Error('Slow Down'), { name: 'SlowDown' }));
    await expect(handler(uploaded())).rejects.toThrow('Slow Down');
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
