import { SendEmailCommand } from '@aws-sdk/client-ses';
import type { RenderedEmail } from '../email/layout';
import { ses } from './clients';
import { config } from './config';

/** Sends one email to one recipient, HTML with a plain-text alternative. */
export async function sendEmail(to: string, email: RenderedEmail): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      Source: config().fromEmail,
      Destination: { ToAddresses: [to] },
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
