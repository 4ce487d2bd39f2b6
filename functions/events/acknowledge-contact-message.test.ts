import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { emailClaimsInMemory } from '../../tests/fixtures/email-claims';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { handler } from './acknowledge-contact-message';

const sesMock = mockClient(SESClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
afterEach(() => void expectWithinRuleScope('ContactMessageAcknowledgement', ddbMock));
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
  message: 'Does the coat run <large>?\n\nThanks!',
  locale: 'de',
  receivedAt: '2026-11-23T07:15:00.000Z',
};

describe('acknowledge-contact-message', () => {
  it('sends the shopper a fixed receipt in their language, Reply-To the shop', async () => {
    // Arrange
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    // Act
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    // Assert
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Source).toBe('shop@linea.test');
    expect(input.Destination?.ToAddresses).toEqual(['lea@example.ch']);
    expect(input.ReplyToAddresses).toEqual(['hello@linea.test']);
    expect(input.Message?.Subject?.Data).toBe('Wir haben Ihre Nachricht erhalten');
    expect(input.Message?.Body?.Text?.Data).toContain('Vielen Dank für Ihre Nachricht');
    expect(input.Message?.Body?.Text?.Data).toContain('Wir antworten Ihnen innert 24 Stunden.');
  });

  it('echoes nothing of the name, subject or message: anyone may type anyone’s address into the form', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    const spam = {
      ...detail,
      name: 'Cheap watches at spam.example',
      subject: 'You won! Claim at spam.example',
      message: 'Visit https://spam.example/claim now',
    };

    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    await handler(eventBridgeEvent('ContactMessageReceived', { ...spam, email: 'victim@example.ch' }));

    const [lea, victim] = sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Message);
    for (const part of [victim?.Subject?.Data, victim?.Body?.Text?.Data, victim?.Body?.Html?.Data]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Cheap watches');
    }
    expect(lea?.Body?.Html?.Data).not.toContain('Meier');
    expect(lea?.Body?.Text?.Data).not.toContain('coat');
    // The same receipt, whatever the form held.
    expect(victim).toEqual(lea);
  });

  it('writes in English to a shopper who wrote from the English shop', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    await handler(eventBridgeEvent('ContactMessageReceived', { ...detail, locale: 'en' }));
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Message?.Subject?.Data).toBe('We have received your message');
    expect(input.Message?.Body?.Text?.Data).toContain('We will reply within 24 hours.');
  });

  it('throws on a detail that breaks the contract and sends nothing', async () => {
    await expect(handler(eventBridgeEvent('ContactMessageReceived', { ...detail, locale: 'fr' }))).rejects.toThrow();
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('lets a failed send throw, so the bus retries and dead-letters it', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(handler(eventBridgeEvent('ContactMessageReceived', detail))).rejects.toThrow('MessageRejected');
  });

  it('sends the receipt once however often the bus delivers the event', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    const event = eventBridgeEvent('ContactMessageReceived', detail);
    await handler(event);
    await handler(event);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});
