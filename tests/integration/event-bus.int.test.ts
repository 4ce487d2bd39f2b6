import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_RETRY_ATTEMPTS } from '../../functions/rules';
import { FAILING_CONSUMER_MESSAGE, FAILING_RULE } from './fixtures/failing-rule';
import { deadLetters, putEvents, unique, waitForDeadLetter } from './helpers';

describe('the local event bus', () => {
  it('answers PutEvents at once, retries a failing consumer, then dead-letters the event', async () => {
    const marker = unique('dlq');

    const started = Date.now();
    const result = await putEvents([
      { Source: FAILING_RULE.source, DetailType: FAILING_RULE.detailType, Detail: JSON.stringify({ marker }) },
    ]);
    const answeredAfterMs = Date.now() - started;

    expect(result.FailedEntryCount).toBe(0);
    const eventId = result.Entries?.[0]?.EventId;
    expect(eventId).toEqual(expect.any(String));
    // Delivery with its retries takes over a second; the call must not have waited for it.
    expect(answeredAfterMs).toBeLessThan(1_000);
    expect((await deadLetters()).some((letter) => letter.event.id === eventId)).toBe(false);

    const letter = await waitForDeadLetter(eventId as string);

    expect(letter).toMatchObject({
      rule: FAILING_RULE.name,
      attempts: RULE_RETRY_ATTEMPTS + 1,
      error: { message: expect.stringContaining(FAILING_CONSUMER_MESSAGE) },
      event: {
        version: '0',
        id: eventId,
        'detail-type': FAILING_RULE.detailType,
        source: FAILING_RULE.source,
        resources: [],
        detail: { marker },
      },
    });
    expect(existsSync(letter.file)).toBe(true);
  });

  it('rejects an entry whose detail is not a JSON object, without failing the others', async () => {
    const result = await putEvents([
      { Source: 'linea.integration-test', DetailType: 'Ignored', Detail: 'not json' },
      { Source: 'linea.integration-test', DetailType: 'Ignored', Detail: '{}' },
    ]);

    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries?.[0]).toMatchObject({ ErrorCode: 'MalformedDetail' });
    expect(result.Entries?.[1]?.EventId).toEqual(expect.any(String));
  });
});
