import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCorrelationId } from './correlation';
import { sendEmail, UnsafeEmailHeaderError } from './email';

const sesMock = mockClient(SESClient);
beforeEach(() => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
});

const ORDER = { kind: 'order-confirmation' } as const;

const rendered = (subject: string) => ({ subject, html: '<p>Hi</p>', text: 'Hi\n\nA body may break lines.' });

/** Each a character that could end a header line or hide one, between two harmless words. */
const UNSAFE = ['\r\n', '\n', '\r', '\t', '\0', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'];

describe('sendEmail', () => {
  it('sends a message whose headers are single lines of plain text, with line breaks in the body', async () => {
    await sendEmail('anna@example.com', rendered('Ihre Bestellung – Größe M'), {
      kind: 'contact-acknowledgement',
      replyTo: 'shop@linea.test',
    });
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Message?.Subject?.Data).toBe('Ihre Bestellung – Größe M');
    expect(input.ReplyToAddresses).toEqual(['shop@linea.test']);
  });

  it('sends every email with the configuration set that reports bounces and complaints', async () => {
    await sendEmail('anna@example.com', rendered('Hi'), ORDER);
    expect(sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.ConfigurationSetName).toBe('linea-test-email');
  });

  it.each(UNSAFE)('refuses a subject holding %j and sends nothing', async (character) => {
    const sent = sendEmail('anna@example.com', rendered(`Hello${character}Bcc: victim@example.com`), ORDER);
    await expect(sent).rejects.toThrow(UnsafeEmailHeaderError);
    await expect(sent).rejects.toMatchObject({ header: 'Subject' });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('refuses a recipient or Reply-To address holding a line break', async () => {
    await expect(sendEmail('anna@example.com\r\nBcc: x@example.com', rendered('Hi'), ORDER)).rejects.toMatchObject({
      header: 'To',
    });
    await expect(
      sendEmail('anna@example.com', rendered('Hi'), { ...ORDER, replyTo: 'lea@example.ch\nBcc: x@example.com' }),
    ).rejects.toMatchObject({ header: 'Reply-To' });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('sendEmail, once SES accepted', () => {
  let lines: Record<string, unknown>[] = [];
  beforeEach(() => {
    lines = [];
    vi.spyOn(console, 'info').mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
  });
  afterEach(() => vi.restoreAllMocks());

  it('logs the send with the correlation id and the address masked, and counts it by kind', async () => {
    await withCorrelationId('req-abcdef12', () => sendEmail('anna@example.com', rendered('Hi'), ORDER));

    const logLine = lines.find((line) => line.message === 'Email sent');
    expect(logLine).toMatchObject({
      correlation_id: 'req-abcdef12',
      kind: 'order-confirmation',
      to: 'a***@example.com',
    });
    expect(JSON.stringify(lines)).not.toContain('anna@example.com');
    const emf = lines.filter((line) => '_aws' in line);
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({ EmailsSent: 1, kind: 'order-confirmation', service: 'shop', stage: 'test' });
    expect(emf[0]).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'Linea', Metrics: [{ Name: 'EmailsSent', Unit: 'Count' }] }] },
    });
  });

  it('counts nothing when SES refuses', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(sendEmail('anna@example.com', rendered('Hi'), ORDER)).rejects.toThrow('MessageRejected');
    expect(lines.filter((line) => '_aws' in line)).toHaveLength(0);
  });
});
