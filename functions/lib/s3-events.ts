import { z } from 'zod';

/** The detail of S3's "Object Created" event on EventBridge (only what the shop reads). */
export const s3ObjectCreatedDetail = z.object({
  bucket: z.object({ name: z.string().min(1) }),
  object: z.object({ key: z.string().min(1), size: z.number().optional() }),
});
export type S3ObjectCreatedDetail = z.infer<typeof s3ObjectCreatedDetail>;
