import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent } from '../../tests/fixtures/api-event';
import { handler as acknowledge } from '../events/acknowledge-contact-message';
import { handler as sendContactMessage } from '../http/contact/send-contact-message';
import { eventConsumer } from './event-consumer';
import { publish } from './events';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
const sesMock = mockClient(SESClient);
let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
  sesMock.reset();
  ddbMock.on(PutCommand).resolves({});
  busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
  lines = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
  }
});
afterEach(() => vi.restoreAllMocks());

const putEntries = (): PutEventsRequestEntry[] =>
  busMock.commandCalls(PutEventsCommand).flatMap((call) => call.args[0].input.Entries ?? []);

/** What EventBridge delivers to a rule's target for an entry a function put on the bus. */
function delivered<T extends string>(entry: PutEventsRequestEntry, id = 'evb-0001-0002'): EventBridgeEvent<T, unknown> {
  return {
    version: '0',
    id,
    'detail-type': entry.DetailType as T,
    source: entry.Source!,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'eu-central-2',
    resources: [],
    detail: JSON.parse(entry.Detail!) as unknown,
  };
}

const contactRequest = (headers: Record<string, string> = {}) =>
  apiEvent({
    routeKey: 'POST /contact',
    headers,
    body: { name: 'Lea', email: 'lea@example.ch', subject: 'Sizing', message: 'Does the coat run large?' },
  });

describe('correlation id', () => {
  it("carries a request's id into the event it publishes and, through the consumer, to the email's log line", async () => {
    const request = contactRequest();
    const requestId = request.requestContext.requestId;

    expect((await sendContactMessage(request)).statusCode).toBe(201);
    const [entry] = putEntries();
    expect(JSON.parse(entry!.Detail!)).toMatchObject({ metadata: { correlationId: requestId } });

    lines = [];
    await acknowledge(delivered(entry!));

    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(lines.find((line) => line.message === 'Email sent')).toMatchObject({
      correlation_id: requestId,
      kind: 'contact-acknowledgement',
      to: 'l***@example.ch',
    });
    const logLines = lines.filter((line) => !('_aws' in line));
    expect(logLines.every((line) => line.correlation_id === requestId)).toBe(true);
  });

  it("takes a caller's well-formed x-correlation-id and ignores one that is not", async () => {
    await sendContactMessage(contactRequest({ 'x-correlation-id': 'support-case-4711' }));
    const hostile = contactRequest({ 'x-correlation-id': 'lea@example.ch\n{"level":"ERROR"}' });
    await sendContactMessage(hostile);

    const [first, second] = putEntries().map((entry) => JSON.parse(entry.Detail!) as { metadata: unknown });
    expect(first!.metadata).toEqual({ correlationId: 'support-case-4711' });
    expect(second!.metadata).toEqual({ correlationId: hostile.requestContext.requestId });
  });

  it('keeps the id on the events a consumer publishes in turn, and uses the event id for an event without one', async () => {
    const consumer = eventConsumer('ProductSaved', async (detail) => {
      await publish('ProductDeleted', { version: 1, productId: detail.productId, deletedAt: detail.savedAt });
    });
    const saved = (metadata?: unknown) => ({
      detailType: 'ProductSaved',
      source: 'linea.shop',
      detail: { version: 1, productId: 'p-1', savedAt: '2026-11-27T00:00:00.000Z', ...(metadata ? { metadata } : {}) },
    });
    const asEntry = (event: ReturnType<typeof saved>): PutEventsRequestEntry => ({
      DetailType: event.detailType,
      Source: event.source,
      Detail: JSON.stringify(event.detail),
    });

    await consumer(delivered(asEntry(saved({ correlationId: 'req-abcdef123' }))));
    await consumer(delivered(asEntry(saved()), 'evb-aaaa-bbbb'));

    const [again, fallback] = putEntries().map((entry) => JSON.parse(entry.Detail!) as { metadata: unknown });
    expect(again!.metadata).toEqual({ correlationId: 'req-abcdef123' });
    expect(fallback!.metadata).toEqual({ correlationId: 'evb-aaaa-bbbb' });
  });

  it('logs and counts a failed delivery with its correlation id, then throws it on for the retry', async () => {
    const consumer = eventConsumer('ProductSaved', async () => {
      throw new Error('Stripe is down');
    });
    const event = delivered<'ProductSaved'>({
      DetailType: 'ProductSaved',
      Source: 'linea.shop',
      Detail: JSON.stringify({
        version: 1,
        productId: 'p',
        savedAt: 'now',
        metadata: { correlationId: 'req-12345678' },
      }),
    });

    await expect(consumer(event)).rejects.toThrow('Stripe is down');

    expect(lines.find((line) => line.level === 'ERROR')).toMatchObject({ correlation_id: 'req-12345678' });
    expect(lines.filter((line) => line.ConsumerFailures === 1)).toHaveLength(1);
  });

  it('throws on an error whose text names no address, as the runtime logs it past our formatter', async () => {
    class RefusedError extends Error {}
    const consumer = eventConsumer('ProductSaved', async () => {
      throw new RefusedError('Email address is not verified: anna.muster@example.ch');
    });
    const event = delivered<'ProductSaved'>({
      DetailType: 'ProductSaved',
      Source: 'linea.shop',
      Detail: JSON.stringify({ version: 1, productId: 'p', savedAt: 'now' }),
    });

    const thrown = await consumer(event).catch((err: unknown) => err);

    expect(thrown).toBeInstanceOf(RefusedError);
    expect((thrown as Error).message).toBe('Email address is not verified: a***@example.ch');
    expect((thrown as Error).stack).not.toContain('anna.muster');
  });
});
