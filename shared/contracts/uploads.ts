import * as z from './zod-mini';

/** What the admin may upload as a product photo: the formats every browser and sharp read. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Where originals land in the media bucket, private; the storefront only sees the variants under media/. */
export const UPLOAD_PREFIX = 'uploads/';

/** POST /admin/uploads: the file the admin picked, before it is sent. */
export const createUploadRequest = z.strictObject({
  contentType: z.enum(IMAGE_UPLOAD_TYPES, 'JPEG, PNG, WebP or AVIF only'),
  size: z.int().check(z.gte(1), z.lte(MAX_IMAGE_UPLOAD_BYTES, 'At most 5 MB')),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequest>;

export const uploadPathParams = z.strictObject({ id: z.uuid() });

/**
 * An upload as the admin's form follows it: `pending` until the web-sized variants exist,
 * then `ready` with the URL the product stores, or `failed` when the file is no image.
 */
export const uploadDto = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  imageUrl: z.optional(z.string()),
  /** The original's size in pixels, once read. */
  width: z.optional(z.int()),
  height: z.optional(z.int()),
});
export type UploadDto = z.infer<typeof uploadDto>;

/** The presigned POST: the browser sends `fields` and then the file, as a form, to `url`. */
export const createUploadResponse = z.extend(uploadDto, {
  post: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponse>;
