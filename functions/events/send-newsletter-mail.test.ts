import { readFileSync } from 'node:fs';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_COOLDOWN_SECONDS } from '../services/send-email-once';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { emailClaimsInMemory } from '../../tests/fixtures/email-claims';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { handler } from './send-newsletter-mail';

const sesMock = mockClient(SESClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
afterEach(() => void expectWithinRuleScope('NewsletterMail', ddbMock));
beforeEach(() => {
  sesMock.reset();
  ddbMock.reset();
  emailClaimsInMemory(ddbMock);
});

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/events/${name}`, import.meta.url), 'utf8'));

describe('send-newsletter-mail', () => {
  it('welcomes the confirmed subscriber in their language, from the shop sender (contract fixture v1)', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    await handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json')));
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Source).toBe('shop@linea.test');
    expect(input.Destination?.ToAddresses).toEqual(['lea@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Willkommen bei LINEA');
    expect(input.Message?.Body?.Html?.Data).toContain('href="https://shop.linea.test/products"');
    expect(input.Message?.Body?.Text?.Data).toContain('Kollektion entdecken: https://shop.linea.test/products');
  });

  it("mails the confirmation link to the confirmation page, in the address's language", async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    const token = 'a'.repeat(43);
    await handler(
      eventBridgeEvent('NewsletterConfirmationRequested', {
        version: 1,
        email: 'lea+n@example.ch',
        locale: 'de',
        token,
      }),
    );
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['lea+n@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Bitte bestätigen Sie Ihre Anmeldung zum LINEA-Newsletter');
    const link = /(https:\S+\/newsletter\/confirm\?\S+)/.exec(input.Message?.Body?.Text?.Data ?? '')?.[1];
    const url = new URL(link!);
    expect(url.origin).toBe('https://shop.linea.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ email: 'lea+n@example.ch', token, lang: 'de' });
    expect(input.Message?.Body?.Html?.Data).toContain('/newsletter/confirm?email=lea%2Bn%40example.ch&amp;token=');
  });

  it('sends an address already on the list a short note with a link to the shop, no confirmation link', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    await handler(
      eventBridgeEvent('NewsletterAlreadySubscribed', { version: 1, email: 'lea@example.ch', locale: 'en' }),
    );
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['lea@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('You already receive the LINEA newsletter');
    expect(input.Message?.Body?.Text?.Data).toContain('https://shop.linea.test/products');
    expect(input.Message?.Body?.Text?.Data).not.toContain('/newsletter/confirm');
  });

  it('throws on a detail-type it does not handle, so the event is dead-lettered', async () => {
    await expect(
      handler(eventBridgeEvent('ProductSaved' as never, { version: 1, productId: 'p', savedAt: 'x' }) as never),
    ).rejects.toThrow('Consumer for NewsletterSubscribed received ProductSaved');
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('throws on a detail that breaks the contract, so the event is retried and dead-lettered', async () => {
    await expect(handler(eventBridgeEvent('NewsletterSubscribed', { version: 1, email: 'x' }))).rejects.toThrow();
    await expect(
      handler(eventBridgeEvent('NewsletterConfirmationRequested', { version: 1, email: 'x', locale: 'en' })),
    ).rejects.toThrow();
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('lets an SES failure propagate instead of swallowing it', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('Throttling'));
    await expect(
      handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json'))),
    ).rejects.toThrow('Throttling');
  });

  it('sends each email once per event: a redelivered welcome finds it sent, a new sign-up gets its own', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    const welcome = eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json'));
    const confirmation = eventBridgeEvent('NewsletterConfirmationRequested', {
      version: 1,
      email: 'lea@example.ch',
      locale: 'de',
      token: 'b'.repeat(43),
    });

    await handler(welcome);
    await handler(welcome);
    await handler(confirmation);
    await handler(confirmation);

    const subjects = sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Message?.Subject?.Data);
    expect(subjects).toEqual(['Willkommen bei LINEA', 'Bitte bestätigen Sie Ihre Anmeldung zum LINEA-Newsletter']);
    // Signing up again (after unsubscribing) is a new event and a new welcome.
    await handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json')));
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(3);
  });

  it('answers the sign-ups of one address with one email of each kind in 10 minutes; the welcome is not held back', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const T0 = Date.parse('2026-11-26T10:00:00.000Z');
    const signUp = (email: string) =>
      eventBridgeEvent('NewsletterConfirmationRequested', { version: 1, email, locale: 'en', token: 'c'.repeat(43) });
    const noted = (email: string) =>
      eventBridgeEvent('NewsletterAlreadySubscribed', { version: 1, email, locale: 'en' });
    const subjects = () =>
      sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Message?.Subject?.Data);

    try {
      vi.useFakeTimers({ now: T0, toFake: ['Date'] });
      await handler(signUp('lea@example.ch'));
      await handler(signUp('LEA@example.ch'));
      await handler(noted('lea@example.ch'));
      await handler(noted('lea@example.ch'));
      await handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json')));
      await handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json')));
      expect(subjects()).toEqual([
        'Please confirm your LINEA newsletter subscription',
        'You already receive the LINEA newsletter',
        'Willkommen bei LINEA',
        'Willkommen bei LINEA',
      ]);

      vi.useFakeTimers({ now: T0 + MAIL_COOLDOWN_SECONDS * 1000, toFake: ['Date'] });
      await handler(signUp('lea@example.ch'));
      expect(subjects()).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
