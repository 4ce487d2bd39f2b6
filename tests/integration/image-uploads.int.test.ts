/**
 * Product photo uploads through the local cloud, as the admin's browser does them: ask the API
 * for a presigned POST, send the file straight to the S3 stand-in, and wait for the media
 * consumer (S3 "Object Created" on the bus) to make the web-sized variants, which the web app's
 * origin then serves under /media/. The policy refuses what the API would not sign for.
 */
import type { CreateUploadResponse, UploadDto } from '@linea/shared/contracts/uploads';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, endpoints, signInAsAdmin, signUp } from './helpers';

let admin: string;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

async function presign(contentType: string, size: number): Promise<CreateUploadResponse> {
  const { status, body } = await api<CreateUploadResponse>('/admin/uploads', {
    method: 'POST',
    token: admin,
    json: { contentType, size },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** The form the browser sends: the signed fields, then the file last, as S3 requires. */
function postFile(post: CreateUploadResponse['post'], bytes: Buffer, type: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
  return fetch(post.url, { method: 'POST', body: form, headers: { origin: endpoints().webUrl } });
}

async function settled(id: string): Promise<UploadDto> {
  let upload: UploadDto | undefined;
  await vi.waitFor(
    async () => {
      const { status, body } = await api<UploadDto>(`/admin/uploads/${id}`, { token: admin });
      expect(status).toBe(200);
      expect(body.status).not.toBe('pending');
      upload = body;
    },
    { timeout: 15_000, interval: 200 },
  );
  return upload as UploadDto;
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 40, b: 38 } } })
    .png()
    .toBuffer();

describe('image uploads', () => {
  it('serves an uploaded photo in four WebP widths from the web app origin, never the original', async () => {
    const bytes = await photo(1600, 2000);
    const upload = await presign('image/png', bytes.length);
    const sent = await postFile(upload.post, bytes, 'image/png');
    expect(sent.status).toBe(204);
    expect(sent.headers.get('access-control-allow-origin')).toBe(endpoints().webUrl);

    const ready = await settled(upload.id);
    expect(ready).toMatchObject({ status: 'ready', width: 1600, height: 2000 });
    expect(ready.imageUrl).toBe(`/media/images/${upload.id}-1280.webp`);
    for (const width of [320, 640, 960, 1280]) {
      const res = await fetch(`${endpoints().webUrl}/media/images/${upload.id}-${width}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(width);
    }
    // The original is gone from the bucket, and uploads/ was never served.
    expect((await fetch(`${endpoints().webUrl}/media/../uploads/${upload.id}.png`)).status).toBe(404);
    const original = await fetch(`${endpoints().s3Endpoint}/${endpoints().mediaBucket}/uploads/${upload.id}.png`);
    expect(original.status).toBe(404);
  });

  it('refuses at the bucket a file over 5 MB, a type other than the signed one, and a key other than the signed one', async () => {
    const upload = await presign('image/jpeg', 1000);
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const tooLarge = await postFile(upload.post, big, 'image/jpeg');
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');

    const html = await postFile(
      { ...upload.post, fields: { ...upload.post.fields, 'Content-Type': 'text/html' } },
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
    );
    expect(html.status).toBe(403);

    const elsewhere = await postFile(
      { ...upload.post, fields: { ...upload.post.fields, key: `media/images/${upload.id}-1280.webp` } },
      await photo(10, 10),
      'image/jpeg',
    );
    expect(elsewhere.status).toBe(403);
    expect((await fetch(`${endpoints().webUrl}/media/images/${upload.id}-1280.webp`)).status).toBe(404);
  });

  it('refuses at the API a text/html or 6 MB upload, and every upload to a customer', async () => {
    const html = await api('/admin/uploads', {
      method: 'POST',
      token: admin,
      json: { contentType: 'text/html', size: 10 },
    });
    expect(html.status).toBe(400);
    const big = await api('/admin/uploads', {
      method: 'POST',
      token: admin,
      json: { contentType: 'image/jpeg', size: 6 * 1024 * 1024 },
    });
    expect(big.status).toBe(400);
    const customer = await signUp();
    const forbidden = await api('/admin/uploads', {
      method: 'POST',
      token: customer.idToken,
      json: { contentType: 'image/jpeg', size: 10 },
    });
    expect(forbidden.status).toBe(403);
  });

  it('marks a file that only claims to be an image failed, and serves nothing of it', async () => {
    const bytes = Buffer.from('<!doctype html><title>not a photo</title>');
    const upload = await presign('image/png', bytes.length);
    expect((await postFile(upload.post, bytes, 'image/png')).status).toBe(204);
    expect(await settled(upload.id)).toMatchObject({ status: 'failed' });
    expect((await fetch(`${endpoints().webUrl}/media/images/${upload.id}-320.webp`)).status).toBe(404);
  });
});
