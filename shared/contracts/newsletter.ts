import { z } from 'zod';
import { email, locale } from './common';

export const subscribeRequest = z
  .object({
    email,
    /** The language the welcome email is written in; defaults to English. */
    locale: locale.optional(),
  })
  .strict();
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const subscribeResponse = z.object({ email: z.string(), subscribedAt: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;
