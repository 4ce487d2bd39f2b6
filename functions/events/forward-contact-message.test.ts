import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { handler } from './forward-contact-message';

const sesMock = mockClient(SESClient);
beforeEach(() => sesMock.reset());

const detail = {
  version: 1,
  messageId: 'm-1',
  name: 'Lea <Meier>',
  email: 'lea@example.ch',
  subject: 'Sizing',
  message: 'Does the coat run large?\n\nThanks!',
  locale: 'de',
  receivedAt: '2026-11-21T09:30:00.000Z',
};

describe('forward-contact-message', () => {
  it('emails the shop inbox with the shopper as Reply-To and their text escaped', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['hello@linea.test']);
    expect(input.ReplyToAddresses).toEqual(['lea@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Contact message: Sizing');
    expect(input.Message?.Body?.Html?.Data).toContain('Lea &lt;Meier&gt;');
    expect(input.Message?.Body?.Text?.Data).toContain('Does the coat run large?');
  });

  it('sends only the shop its copy, with the time in Zürich and the language by name', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    // The shopper's receipt is another rule's consumer: one send here, to the shop alone.
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    const text = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.Message?.Body?.Text?.Data;
    expect(text).toContain('Received: Saturday, 21 November 2026, 10:30 (Zürich time)');
    expect(text).toContain('Language: German');
    expect(text).not.toContain('(de)');
  });

  it('lets a failed send throw, so the bus retries and dead-letters it', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(handler(eventBridgeEvent('ContactMessageReceived', detail))).rejects.toThrow('MessageRejected');
  });
});
