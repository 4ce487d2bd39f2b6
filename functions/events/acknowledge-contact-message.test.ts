import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_COOLDOWN_SECONDS } from '../services/send-email-once';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { emailClaimsInMemory } from '../../tests/fixtures/email-claims';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { handler } from './acknowledge-contact-message';

const sesMock = mockClient(SESClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
afterEach(() => void expectWithinRuleScope('ContactMessageAcknowledgement', ddbMock));
let items: Map<string, Record<string, unknown>>;
beforeEach(() => {
  sesMock.reset();
  ddbMock.reset();
  items = emailClaimsInMemory(ddbMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const T0 = Date.parse('2026-11-23T07:15:00.000Z');
const at = (ms: number) => vi.useFakeTimers({ now: T0 + ms, toFake: ['Date'] });
const receipts = () =>
  sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Destination?.ToAddresses);

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

  it('sends an address one receipt in 10 minutes, however it is typed, and the next one after', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    at(0);
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    at(MAIL_COOLDOWN_SECONDS * 1000 - 1000);
    await handler(eventBridgeEvent('ContactMessageReceived', { ...detail, email: ' Lea@Example.CH ' }));
    expect(receipts()).toEqual([['lea@example.ch']]);
    expect(info.mock.calls.map(String).join('\n')).toContain('Email not sent: one of its kind went to the address');
    at(MAIL_COOLDOWN_SECONDS * 1000);
    await handler(eventBridgeEvent('ContactMessageReceived', detail));

    expect(receipts()).toEqual([['lea@example.ch'], ['lea@example.ch']]);
    // Another address is another matter.
    await handler(eventBridgeEvent('ContactMessageReceived', { ...detail, email: 'max@example.ch' }));
    expect(receipts()).toHaveLength(3);
  });

  it('sends one receipt for two messages at the same moment', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await Promise.all([
      handler(eventBridgeEvent('ContactMessageReceived', detail)),
      handler(eventBridgeEvent('ContactMessageReceived', detail)),
    ]);
    expect(receipts()).toHaveLength(1);
  });

  it('keeps the address only as a hash in its cooldown', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    const cooldowns = [...items.keys()].filter((key) => key.startsWith('MAIL_COOLDOWN#'));
    expect(cooldowns).toEqual([expect.stringMatching(/^MAIL_COOLDOWN#[\w-]{43}\|COOLDOWN#contact-acknowledgement$/)]);
    expect(JSON.stringify([...items.values()])).not.toContain('lea@');
  });

  it("sends a failed receipt on the bus's retry, though its own cooldown had started", async () => {
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('Throttling')).resolves({ MessageId: 'x' });
    const event = eventBridgeEvent('ContactMessageReceived', detail);
    await expect(handler(event)).rejects.toThrow('Throttling');
    await handler(event);
    expect(receipts()).toHaveLength(2);
    expect(sesMock.commandCalls(SendEmailCommand).length).toBe(2);
  });

  it('skips a redelivered receipt again while the cooldown runs', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'x' });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await handler(eventBridgeEvent('ContactMessageReceived', detail));
    const second = eventBridgeEvent('ContactMessageReceived', detail);
    await handler(second);
    await handler(second);
    expect(receipts()).toHaveLength(1);
  });
});
