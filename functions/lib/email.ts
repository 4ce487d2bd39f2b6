import { SendEmailCommand } from '@aws-sdk/client-ses';
import { hasHeaderUnsafeCharacters } from '@linea/shared/domain/header-text';
import type { RenderedEmail } from '../email/layout';
import { ses } from './clients/ses';
import { config } from './config';
import { logger } from './logger';
import { recordEmailSent, type EmailKind } from './metrics';

/** The header an unsafe value was meant for. */
export type EmailHeader = 'From' | 'To' | 'Reply-To' | 'Subject';

/**
 * A header value holding a line break or another control character. The contracts refuse such
 * text where it enters; this is the last line for anything that got past them (an item stored
 * before they did, an event put on the bus by hand). Never sent: SES would pass a line break in
 * an address or subject on as a header of the sender's choosing.
 */
export class UnsafeEmailHeaderError extends Error {
  constructor(readonly header: EmailHeader) {
    super(`The ${header} header holds a line break or control character; the email was not sent`);
    this.name = 'UnsafeEmailHeaderError';
  }
}

function assertHeaderSafe(header: EmailHeader, value: string): void {
  if (hasHeaderUnsafeCharacters(value)) throw new UnsafeEmailHeaderError(header);
}

export interface SendEmailOptions {
  /** What the email is for: the `kind` of the EmailsSent metric and of the log line. */
  readonly kind: EmailKind;
  readonly replyTo?: string;
}

/**
 * Sends one email to one recipient, HTML with a plain-text alternative. One recipient per
 * message keeps every send independent: one bad address cannot fail the others. Each send is
 * logged (the address masked) with the correlation id of the request that caused it.
 */
export async function sendEmail(to: string, email: RenderedEmail, options: SendEmailOptions): Promise<void> {
  const { fromEmail: from, emailConfigurationSet } = config();
  assertHeaderSafe('From', from);
  assertHeaderSafe('To', to);
  if (options.replyTo) assertHeaderSafe('Reply-To', options.replyTo);
  assertHeaderSafe('Subject', email.subject);
  const { MessageId } = await ses.send(
    new SendEmailCommand({
      Source: from,
      // Its event destination reports bounces and complaints, and its suppression list keeps
      // SES from sending to an address that bounced or complained again.
      ConfigurationSetName: emailConfigurationSet,
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
  logger.info('Email sent', { kind: options.kind, to, sesMessageId: MessageId });
  recordEmailSent(options.kind);
}
