/**
 * SES's mailbox simulator in the one-machine cloud: mail to bounce@simulator.amazonses.com
 * bounces for good, mail to complaint@simulator.amazonses.com is marked as spam, and each such
 * send is followed, as in the cloud, by an SNS notification to the feedback topic's subscribers
 * (functions/topics.ts) carrying the record a configuration set's event destination publishes.
 *
 * As on SES, a label may follow a plus (bounce+anything@…), so tests can use fresh addresses.
 *
 * The hook is the emulator's own relay: aws-ses-v2-local hands every stored email to the SMTP
 * server named in SMTP_TRANSPORT, which is this module's receiver (smtp-server) on a loopback port. So
 * the SES endpoint the functions call stays the emulator itself, and nothing is polled. The SNS
 * events go to the local bus's `invokeAsync`: retried, dead-lettered and redriven like a rule's.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SNSEvent } from 'aws-lambda';
import { SMTPServer } from 'smtp-server';
import type { RunningServer } from './http-server';

/** The simulator's addresses the local cloud acts on, with the event SES reports for each. */
export const MAILBOX_SIMULATOR = {
  'bounce@simulator.amazonses.com': 'Bounce',
  'complaint@simulator.amazonses.com': 'Complaint',
} as const;

export interface SesFeedbackOptions {
  readonly region: string;
  readonly account: string;
  /** The configuration set the functions send with (SES_CONFIGURATION_SET). */
  readonly configurationSet: string;
  /** The topic's subscribers, by name, and how to invoke one asynchronously. */
  readonly subscribers: readonly string[];
  readonly invokeAsync: (subscriber: string, event: SNSEvent) => void;
  readonly log: (line: string) => void;
}

export interface SesFeedback extends RunningServer {
  /** The emulator's SMTP_TRANSPORT: nodemailer options pointing at the receiver. */
  readonly smtpTransport: string;
}

interface ReceivedMail {
  readonly from: string;
  readonly recipients: readonly string[];
  readonly messageId: string;
}

/** The simulator address without its label: SES treats bounce+anything@… as bounce@…. */
const withoutLabel = (address: string): string => address.replace(/\+[^@]*@/, '@');

/**
 * The SES MessageId the emulator passes on in the Message-ID header; nodemailer writes it as
 * <id> or <id@host>. Only the header block is read.
 */
function messageIdOf(raw: string): string | undefined {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^message-id:\s*<([^@>]+)/im.exec(headers)?.[1];
}

/** The record SES's event destination publishes for one simulator recipient. */
function feedbackRecord(
  kind: (typeof MAILBOX_SIMULATOR)[keyof typeof MAILBOX_SIMULATOR],
  recipient: string,
  mail: ReceivedMail,
  options: SesFeedbackOptions,
): Record<string, unknown> {
  const timestamp = new Date().toISOString();
  const feedbackId = `local-${randomUUID()}`;
  const mailObject = {
    timestamp,
    source: mail.from,
    sourceArn: `arn:aws:ses:${options.region}:${options.account}:identity/${mail.from}`,
    sendingAccountId: options.account,
    messageId: mail.messageId,
    destination: mail.recipients,
    headersTruncated: false,
    tags: { 'ses:configuration-set': [options.configurationSet] },
  };
  if (kind === 'Bounce') {
    return {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [
          {
            emailAddress: recipient,
            action: 'failed',
            status: '5.1.1',
            diagnosticCode: 'smtp; 550 5.1.1 user unknown',
          },
        ],
        timestamp,
        feedbackId,
        reportingMTA: 'dns; simulator.amazonses.com',
      },
      mail: mailObject,
    };
  }
  return {
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: recipient }],
      timestamp,
      feedbackId,
      userAgent: 'Amazon SES Mailbox Simulator',
      complaintFeedbackType: 'abuse',
      arrivalDate: timestamp,
    },
    mail: mailObject,
  };
}

/** The event Lambda gets from an SNS subscription, around one published message. */
function snsEvent(topicArn: string, message: Record<string, unknown>): SNSEvent {
  const messageId = randomUUID();
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: messageId,
          TopicArn: topicArn,
          Message: JSON.stringify(message),
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

export function startSesFeedback(options: SesFeedbackOptions): Promise<SesFeedback> {
  const topicArn = `arn:aws:sns:${options.region}:${options.account}:linea-local-email-feedback`;
  const onMail = (mail: ReceivedMail): void => {
    for (const recipient of mail.recipients) {
      const kind = MAILBOX_SIMULATOR[withoutLabel(recipient) as keyof typeof MAILBOX_SIMULATOR];
      if (!kind) continue;
      const message = feedbackRecord(kind, recipient, mail, options);
      options.log(`[ses] mailbox simulator: ${kind} for ${recipient} (${mail.messageId})`);
      for (const subscriber of options.subscribers) options.invokeAsync(subscriber, snsEvent(topicArn, message));
    }
  };
  const server = new SMTPServer({
    // Loopback only, and only the emulator talks to it: no TLS, no sign-in.
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'linea local SES feedback',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        onMail({
          from: mailFrom ? mailFrom.address.toLowerCase() : '',
          recipients: rcptTo.map((recipient) => recipient.address.toLowerCase()),
          messageId: messageIdOf(Buffer.concat(chunks).toString('utf8')) ?? randomUUID(),
        });
        callback();
      });
    },
  });
  return new Promise((resolveStarted, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolveStarted({
        url: `smtp://127.0.0.1:${port}`,
        port,
        smtpTransport: JSON.stringify({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
        close: () => new Promise<void>((resolveClosed) => server.close(() => resolveClosed())),
      });
    });
  });
}
