import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { emailClaimsInMemory } from '../../tests/fixtures/email-claims';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { handler } from './forward-contact-message';

const sesMock = mockClient(SESClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
afterEach(() => void expectWithinRuleScope('ContactMessageForward', ddbMock));
beforeEach(() => {
  sesMock.reset();
  ddbMock.reset();
  emailClaimsInMemory(ddbMock);
});

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

  it('sends the copy once however often the bus delivers the event, and again for a retry after a failed send', async () => {
    const event = eventBridgeEvent('ContactMessageReceived', detail);
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('Throttling')).resolves({ MessageId: 'x' });

    await expect(handler(event)).rejects.toThrow('Throttling');
    await handler(event);
    await handler(event);

    // One failed attempt, then one copy; the third delivery finds it sent.
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
    // Another message is another copy.
    await handler(eventBridgeEvent('ContactMessageReceived', { ...detail, messageId: 'm-2' }));
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(3);
  });
});
