import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendEmail, UnsafeEmailHeaderError } from './email';

const sesMock = mockClient(SESClient);
beforeEach(() => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
});

const rendered = (subject: string) => ({ subject, html: '<p>Hi</p>', text: 'Hi\n\nA body may break lines.' });

/** Each a character that could end a header line or hide one, between two harmless words. */
const UNSAFE = ['\r\n', '\n', '\r', '\t', '\0', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'];

describe('sendEmail', () => {
  it('sends a message whose headers are single lines of plain text, with line breaks in the body', async () => {
    await sendEmail('anna@example.com', rendered('Ihre Bestellung – Größe M'), { replyTo: 'shop@linea.test' });
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Message?.Subject?.Data).toBe('Ihre Bestellung – Größe M');
    expect(input.ReplyToAddresses).toEqual(['shop@linea.test']);
  });

  it('sends every email with the configuration set that reports bounces and complaints', async () => {
    await sendEmail('anna@example.com', rendered('Hi'));
    expect(sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.ConfigurationSetName).toBe('linea-test-email');
  });

  it.each(UNSAFE)('refuses a subject holding %j and sends nothing', async (character) => {
    const sent = sendEmail('anna@example.com', rendered(`Hello${character}Bcc: victim@example.com`));
    await expect(sent).rejects.toThrow(UnsafeEmailHeaderError);
    await expect(sent).rejects.toMatchObject({ header: 'Subject' });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('refuses a recipient or Reply-To address holding a line break', async () => {
    await expect(sendEmail('anna@example.com\r\nBcc: x@example.com', rendered('Hi'))).rejects.toMatchObject({
      header: 'To',
    });
    await expect(
      sendEmail('anna@example.com', rendered('Hi'), { replyTo: 'lea@example.ch\nBcc: x@example.com' }),
    ).rejects.toMatchObject({ header: 'Reply-To' });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
