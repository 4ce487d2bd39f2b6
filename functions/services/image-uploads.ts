import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import {
  MAX_IMAGE_UPLOAD_BYTES,
  UPLOAD_PREFIX,
  type CreateUploadRequest,
  type CreateUploadResponse,
  type ImageUploadType,
} from '@linea/shared/contracts/uploads';
import { MEDIA_IMAGE_WIDTHS, mediaImageKey, mediaImageUrl } from '@linea/shared/domain/product-image';
import sharp, { type Metadata } from 'sharp';
import { toUploadDto, uploads as uploadRepository, type UploadRepository } from '../data/upload-repository';
import type { Actor } from '../lib/auth';
import { s3 as s3Client } from '../lib/clients/s3';
import { mediaBucket } from '../lib/config';
import { logger } from '../lib/logger';

const EXTENSIONS: Record<ImageUploadType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
const UPLOAD_KEY = /^uploads\/([0-9a-f-]{36})\.(jpg|png|webp|avif)$/;
/** Long enough to send 5 MB on a slow line, short enough that a leaked form is soon useless. */
const POST_EXPIRES_SECONDS = 10 * 60;
/** What sharp reports for the four accepted types (AVIF is a HEIF container). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** About 50 megapixels: any camera's photo, but not a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const VARIANT_QUALITY = 80;
/** A variant's name carries its image id, so it never changes: browsers and CloudFront keep it. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface UploadDeps {
  readonly uploads: Pick<UploadRepository, 'create' | 'get' | 'markReady' | 'markFailed'>;
  readonly s3: Pick<S3Client, 'send'> & Parameters<typeof createPresignedPost>[0];
  readonly bucket: () => string;
  readonly now: () => Date;
}

const defaultDeps: UploadDeps = {
  uploads: uploadRepository,
  s3: s3Client,
  bucket: () => mediaBucket(),
  now: () => new Date(),
};

/**
 * POST /admin/uploads: records the upload and signs a POST the browser sends straight to the
 * bucket. The policy holds the file to the announced type and to 5 MB, and to one key.
 */
export async function startImageUpload(
  request: CreateUploadRequest,
  actor: Actor,
  deps: UploadDeps = defaultDeps,
): Promise<CreateUploadResponse> {
  const id = randomUUID();
  const key = `${UPLOAD_PREFIX}${id}.${EXTENSIONS[request.contentType]}`;
  const upload = await deps.uploads.create({
    id,
    contentType: request.contentType,
    size: request.size,
    uploadedBy: actor.email,
    createdAt: deps.now().toISOString(),
  });
  const post = await createPresignedPost(deps.s3, {
    Bucket: deps.bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_IMAGE_UPLOAD_BYTES],
      ['eq', '$Content-Type', request.contentType],
    ],
    Fields: { 'Content-Type': request.contentType },
    Expires: POST_EXPIRES_SECONDS,
  });
  return { ...toUploadDto(upload), post };
}

class NotAnImageError extends Error {}

/** The variants' bytes, widest first, and the original's size once turned upright. */
async function renderVariants(original: Uint8Array): Promise<{
  variants: Array<{ width: (typeof MEDIA_IMAGE_WIDTHS)[number]; body: Buffer }>;
  width: number;
  height: number;
}> {
  let metadata: Metadata;
  try {
    metadata = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new NotAnImageError(`unreadable: ${(err as Error).message}`);
  }
  // The type the browser announced is only a claim: an SVG or a GIF sent as image/png stops here.
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new NotAnImageError(`not a JPEG, PNG, WebP or AVIF image (${metadata.format ?? 'unknown'})`);
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  try {
    const variants = await Promise.all(
      MEDIA_IMAGE_WIDTHS.map(async (width) => ({
        width,
        // rotate() turns the photo upright; metadata (EXIF with GPS, camera) is dropped, as sharp does by default.
        body: await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: VARIANT_QUALITY })
          .toBuffer(),
      })),
    );
    return {
      variants,
      width: turned ? metadata.height : metadata.width,
      height: turned ? metadata.width : metadata.height,
    };
  } catch (err) {
    throw new NotAnImageError(`unreadable: ${(err as Error).message}`);
  }
}

/**
 * The consumer of an upload: makes the web-sized WebP variants beside each other under
 * media/images/, marks the upload ready with the URL the product stores, and deletes the
 * original. A file that is no image is marked failed and deleted (retrying cannot help); an S3
 * or DynamoDB failure throws, so the event is retried and finally dead-lettered. A repeated
 * event finds the upload settled and does nothing.
 */
export async function makeImageVariants(
  object: { bucket: string; key: string },
  deps: UploadDeps = defaultDeps,
): Promise<'ready' | 'failed' | 'ignored'> {
  const match = UPLOAD_KEY.exec(object.key);
  const upload = match ? await deps.uploads.get(match[1] as string) : undefined;
  if (!upload || upload.status !== 'pending') {
    logger.info('upload ignored', { key: object.key, status: upload?.status ?? 'unknown' });
    return 'ignored';
  }
  const removeOriginal = () => deps.s3.send(new DeleteObjectCommand({ Bucket: object.bucket, Key: object.key }));

  const response = await deps.s3.send(new GetObjectCommand({ Bucket: object.bucket, Key: object.key }));
  const original = await response.Body?.transformToByteArray();
  let rendered: Awaited<ReturnType<typeof renderVariants>>;
  try {
    if (!original?.length || original.length > MAX_IMAGE_UPLOAD_BYTES) throw new NotAnImageError('empty or too large');
    rendered = await renderVariants(original);
  } catch (err) {
    if (!(err instanceof NotAnImageError)) throw err;
    logger.warn('upload refused', { uploadId: upload.id, reason: err.message });
    await deps.uploads.markFailed(upload.id, err.message);
    await removeOriginal();
    return 'failed';
  }
  await Promise.all(
    rendered.variants.map((variant) =>
      deps.s3.send(
        new PutObjectCommand({
          Bucket: object.bucket,
          Key: mediaImageKey(upload.id, variant.width),
          Body: variant.body,
          ContentType: 'image/webp',
          CacheControl: VARIANT_CACHE_CONTROL,
        }),
      ),
    ),
  );
  await deps.uploads.markReady(upload.id, {
    imageUrl: mediaImageUrl(upload.id),
    width: rendered.width,
    height: rendered.height,
  });
  await removeOriginal();
  return 'ready';
}
