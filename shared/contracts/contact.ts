import * as z from './zod-mini';
import { email, locale } from './common';

const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max));

export const contactMessageRequest = z.strictObject({
  name: requiredText(120),
  email,
  subject: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  message: requiredText(5000),
  locale: z.optional(locale),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequest>;

export const contactMessageResponse = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
