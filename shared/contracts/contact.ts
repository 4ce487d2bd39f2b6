import * as z from './zod-mini';
import { email, headerSafe, locale } from './common';

const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max));

/** The name and the subject go into the shop's email about the message (the subject into its Subject header). */
export const contactMessageRequest = z.strictObject({
  name: requiredText(120).check(headerSafe()),
  email,
  subject: z.optional(z.string().check(z.trim(), z.maxLength(200), headerSafe())),
  message: requiredText(5000),
  locale: z.optional(locale),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequest>;

export const contactMessageResponse = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
