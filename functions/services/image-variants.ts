/**
 * The second half of an upload: the web-sized variants, made with sharp. Apart from
 * image-uploads.ts so that only the consumer's bundle carries sharp (its native binary is
 * installed beside that function alone); the upload route would fail to load with it.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_IMAGE_UPLOAD_BYTES } from '@linea/shared/contracts/uploads';
import { MEDIA_IMAGE_WIDTHS, mediaImageKey, mediaImageUrl } from '@linea/shared/domain/product-image';
import sharp, { type Metadata } from 'sharp';
import { logger } from '../lib/logger';
import { defaultUploadDeps, type UploadDeps } from './image-uploads';

const UPLOAD_KEY = /^uploads\/([0-9a-f-]{36})\.(jpg|png|webp|avif)$/;
/** What sharp reports for the four accepted types (AVIF is a HEIF container). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** About 50 megapixels: any camera's photo, but not a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const VARIANT_QUALITY = 80;
/** A variant's name carries its image id, so it never changes: browsers and CloudFront keep it. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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
  deps: UploadDeps = defaultUploadDeps,
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
