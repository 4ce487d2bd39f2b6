import { SendEmailCommand } from '@aws-sdk/client-ses';
import type { RenderedEmail } from '../email/layout';
import { ses } from './clients/ses';
import { config } from './config';

/**
 * Sends one email to one recipient, HTML with a plain-text alternative. One recipient per
 * message keeps every send independent: one bad address cannot fail the others.
 */
export async function sendEmail(to: string, email: RenderedEmail, options: { replyTo?: string } = {}): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      Source: config().fromEmail,
      Destination: { ToAddresses: [to] },
      ...(options.replyTo ? { ReplyToAddresses: [options.replyTo] } : {}),
      Message: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Html: { Data: email.html, Charset: 'UTF-8' },
          Text: { Data: email.text, Charset: 'UTF-8' },
        },
      },
    }),
  );
}
