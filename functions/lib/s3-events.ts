import * as z from '@linea/shared/contracts/zod-mini';

/** The detail of S3's "Object Created" event on EventBridge (only what the shop reads). */
export const s3ObjectCreatedDetail = z.object({
  bucket: z.object({ name: z.string().check(z.minLength(1)) }),
  object: z.object({ key: z.string().check(z.minLength(1)), size: z.optional(z.number()) }),
});
export type S3ObjectCreatedDetail = z.infer<typeof s3ObjectCreatedDetail>;
