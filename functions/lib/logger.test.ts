import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCorrelationId } from './correlation';
import { isRedactedKey, logger, maskText } from './logger';

let lines: Record<string, unknown>[] = [];
const capture = (line: unknown) => void lines.push(JSON.parse(String(line)) as Record<string, unknown>);

beforeEach(() => {
  lines = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation(capture);
  }
});
afterEach(() => vi.restoreAllMocks());

describe('masking', () => {
  it('keeps the first character and the domain of an email address', () => {
    expect(maskText('mail to anna.muster+shop@example.ch failed')).toBe('mail to a***@example.ch failed');
  });

  it('redacts Stripe keys, webhook secrets, bearer tokens and JWTs inside text', () => {
    const text = maskText(
      'key sk_test_51Habc123 secret whsec_abcDEF123 auth Bearer abc.def-ghi jwt eyJhbGciOi.eyJzdWIiOi.c2ln',
    );
    expect(text).not.toMatch(/sk_test_51|whsec_abc|abc\.def-ghi|eyJhbGciOi/);
    expect(text).toContain('Bearer [REDACTED]');
  });

  it('treats credentials and personal fields as secret by key, in any spelling', () => {
    for (const key of ['Authorization', 'cookie', 'x-api-key', 'idToken', 'password', 'stripeSecretKey', 'secret_id'])
      expect(isRedactedKey(key), key).toBe(true);
    for (const key of ['name', 'phone', 'street', 'postalCode', 'city', 'shippingAddress'])
      expect(isRedactedKey(key), key).toBe(true);
    for (const key of ['orderId', 'email', 'status', 'inputTokens', 'errorCode'])
      expect(isRedactedKey(key), key).toBe(false);
  });

  it('writes an entry with an email, a Stripe key and an Authorization header masked, nested and in errors', () => {
    const err = new Error('SES refused buyer@example.com with sk_live_abcdef123', {
      cause: new Error('for bob@example.org'),
    });
    logger.error('could not mail jane@example.ch', {
      orderId: 'o-1',
      err,
      request: {
        headers: { Authorization: 'Bearer eyJabc.eyJdef.sig', 'content-type': 'application/json' },
        shipping: { name: 'Jane Muster', street: 'Bahnhofstrasse 1', city: 'Zürich' },
        recipients: ['x@example.net'],
        note: 'key rk_test_123abc',
      },
    });
    expect(lines).toHaveLength(1);
    const written = JSON.stringify(lines[0]);
    for (const secret of [
      'buyer@example.com',
      'bob@example.org',
      'jane@example.ch',
      'x@example.net',
      'sk_live_abcdef123',
      'rk_test_123abc',
      'eyJabc',
      'Jane Muster',
      'Bahnhofstrasse',
      'Zürich',
    ])
      expect(written).not.toContain(secret);
    const entry = lines[0] as {
      message: string;
      orderId: string;
      err: { name: string; message: string; cause: { message: string } };
      request: { headers: Record<string, string>; shipping: Record<string, string>; recipients: string[] };
    };
    expect(entry.message).toBe('could not mail j***@example.ch');
    expect(entry.orderId).toBe('o-1');
    expect(entry.err.name).toBe('Error');
    expect(entry.err.message).toBe('SES refused b***@example.com with [REDACTED]');
    expect(entry.err.cause.message).toBe('for b***@example.org');
    expect(entry.request.headers).toEqual({ Authorization: '[REDACTED]', 'content-type': 'application/json' });
    expect(entry.request.shipping).toEqual({ name: '[REDACTED]', street: '[REDACTED]', city: '[REDACTED]' });
    expect(entry.request.recipients).toEqual(['x***@example.net']);
  });
});

describe('correlation id', () => {
  it('is on every line written inside an invocation and gone after it', async () => {
    logger.info('before');
    await withCorrelationId('req-12345678', async () => logger.info('inside'), 'http/orders/get-order');
    logger.info('after');
    expect(lines.map((line) => line.correlation_id)).toEqual([undefined, 'req-12345678', undefined]);
    expect(lines[1]?.function_name).toBe('http/orders/get-order');
    expect(lines[1]?.level).toBe('INFO');
  });

  it('does not leak between invocations that run at the same time', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const run = (id: string) =>
      withCorrelationId(id, async () => {
        logger.info('start', { id });
        await pause();
        logger.info('end', { id });
      });
    await Promise.all([run('first-1234'), run('second-1234'), run('third-12345')]);
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.correlation_id).toBe(line.id);
  });
});
