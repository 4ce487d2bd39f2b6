import { readFileSync } from 'node:fs';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { handler } from './send-newsletter-welcome';

const sesMock = mockClient(SESClient);
beforeEach(() => sesMock.reset());

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/events/${name}`, import.meta.url), 'utf8'));

describe('send-newsletter-welcome', () => {
  it('emails the subscriber in their language, from the shop sender (contract fixture v1)', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    await handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json')));
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Source).toBe('shop@linea.test');
    expect(input.Destination?.ToAddresses).toEqual(['lea@example.ch']);
    expect(input.Message?.Subject?.Data).toBe('Willkommen bei LINEA');
    expect(input.Message?.Body?.Html?.Data).toContain('href="https://shop.linea.test/products"');
    expect(input.Message?.Body?.Text?.Data).toContain('Kollektion entdecken: https://shop.linea.test/products');
  });

  it('throws on a detail that breaks the contract, so the event is retried and dead-lettered', async () => {
    await expect(handler(eventBridgeEvent('NewsletterSubscribed', { version: 1, email: 'x' }))).rejects.toThrow();
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('lets an SES failure propagate instead of swallowing it', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('Throttling'));
    await expect(
      handler(eventBridgeEvent('NewsletterSubscribed', fixture('newsletter-subscribed.v1.json'))),
    ).rejects.toThrow('Throttling');
  });
});
