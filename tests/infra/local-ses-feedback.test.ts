/**
 * The local mailbox simulator's feedback (infra/local/ses-feedback.ts), fed by nodemailer exactly
 * as aws-ses-v2-local relays each stored email (its SMTP_TRANSPORT): what comes out must be an
 * SNS event the feedback consumer's contracts accept, for the simulator's addresses only.
 */
import { createRequire } from 'node:module';
import type { SNSEvent } from 'aws-lambda';
import { sesFeedbackMessage, snsEvent } from '@linea/shared/contracts/email-feedback';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSesFeedback, type SesFeedback } from '../../infra/local/ses-feedback';

interface Transport {
  sendMail(mail: Record<string, unknown>): Promise<unknown>;
  close(): void;
}
// The emulator's own dependency (untyped here), as its smtp.js uses it.
const nodemailer = createRequire(import.meta.url)('nodemailer') as {
  createTransport(options: unknown): Transport;
};

let feedback: SesFeedback;
let transport: Transport;
const invocations: Array<{ subscriber: string; event: SNSEvent }> = [];

beforeAll(async () => {
  feedback = await startSesFeedback({
    region: 'eu-central-2',
    account: '000000000000',
    configurationSet: 'linea-test-email',
    subscribers: ['EmailFeedback'],
    invokeAsync: (subscriber, event) => invocations.push({ subscriber, event }),
    log: () => {},
  });
  transport = nodemailer.createTransport(JSON.parse(feedback.smtpTransport));
});

afterAll(async () => {
  transport?.close();
  await feedback?.close();
});

beforeEach(() => {
  invocations.length = 0;
});

/** What the emulator's relay sends for one stored email. */
const relay = (to: string[], messageId = 'ses-123456789') =>
  transport.sendMail({ messageId, from: 'shop@linea.local', to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });

describe('local SES feedback', () => {
  it('reports mail to bounce@ as a permanent bounce, in the SNS event a subscription delivers', async () => {
    await relay(['bounce@simulator.amazonses.com'], 'ses-100000001');

    expect(invocations).toHaveLength(1);
    const { subscriber, event } = invocations[0]!;
    expect(subscriber).toBe('EmailFeedback');
    const record = snsEvent.parse(event).Records[0]!;
    expect(record.Sns.TopicArn).toMatch(/^arn:aws:sns:eu-central-2:000000000000:/);
    const message = sesFeedbackMessage.parse(JSON.parse(record.Sns.Message));
    expect(message).toMatchObject({
      eventType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'bounce@simulator.amazonses.com' }] },
      mail: { messageId: 'ses-100000001', destination: ['bounce@simulator.amazonses.com'] },
    });
  });

  it('reports mail to a labelled complaint+…@ address as a complaint', async () => {
    await relay(['Complaint+Run-7@simulator.amazonses.com']);

    expect(invocations).toHaveLength(1);
    const message = sesFeedbackMessage.parse(JSON.parse(invocations[0]!.event.Records[0]!.Sns.Message));
    expect(message).toMatchObject({
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'complaint+run-7@simulator.amazonses.com' }] },
    });
  });

  it('reports nothing for other addresses, the simulator’s success@ among them', async () => {
    await relay(['lea@example.ch']);
    await relay(['success@simulator.amazonses.com']);

    expect(invocations).toHaveLength(0);
  });
});
