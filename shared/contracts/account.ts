import { z } from 'zod';

/** GET /me: who the verified token says the caller is. */
export const meResponse = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponse>;
