import { z } from 'zod';
import { email, locale } from './common';

const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

export const contactMessageRequest = z
  .object({
    name: requiredText(120),
    email,
    subject: z.string().trim().max(200).optional(),
    message: requiredText(5000),
    locale: locale.optional(),
  })
  .strict();
export type ContactMessageRequest = z.infer<typeof contactMessageRequest>;

export const contactMessageResponse = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
