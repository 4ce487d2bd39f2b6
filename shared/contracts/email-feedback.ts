import * as z from './zod-mini';
import { email } from './common';

/**
 * SES's feedback on sent mail, as SNS delivers it to a subscribed function: bounces and
 * complaints. A configuration set's event destination names the kind `eventType`; SES's older
 * per-identity notifications name it `notificationType` with the same body, so both are read.
 * Only the fields the shop acts on are checked; SES adds others at will.
 */
const mail = z.object({ messageId: z.string(), destination: z.array(z.string()) });

const bounceFields = {
  bounce: z.object({
    bounceType: z.enum(['Permanent', 'Transient', 'Undetermined']),
    bounceSubType: z.string(),
    bouncedRecipients: z
      .array(z.object({ emailAddress: email, diagnosticCode: z.optional(z.string()) }))
      .check(z.minLength(1)),
    timestamp: z.string(),
    feedbackId: z.string(),
  }),
  mail,
};

const complaintFields = {
  complaint: z.object({
    complainedRecipients: z.array(z.object({ emailAddress: email })).check(z.minLength(1)),
    complaintFeedbackType: z.optional(z.string()),
    timestamp: z.string(),
    feedbackId: z.string(),
  }),
  mail,
};

/** One SES bounce or complaint record (the SNS message's `Message`, parsed from its JSON). */
export const sesFeedbackMessage = z.union([
  z.object({ eventType: z.literal('Bounce'), ...bounceFields }),
  z.object({ notificationType: z.literal('Bounce'), ...bounceFields }),
  z.object({ eventType: z.literal('Complaint'), ...complaintFields }),
  z.object({ notificationType: z.literal('Complaint'), ...complaintFields }),
]);
export type SesFeedbackMessage = z.infer<typeof sesFeedbackMessage>;

/** What Lambda receives from an SNS subscription; `Message` is the publisher's text (SES's JSON). */
export const snsEvent = z.object({
  Records: z
    .array(
      z.object({
        EventSource: z.literal('aws:sns'),
        Sns: z.object({ MessageId: z.string(), TopicArn: z.string(), Message: z.string() }),
      }),
    )
    .check(z.minLength(1)),
});
