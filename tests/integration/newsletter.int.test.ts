import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, findRoute } from '../../functions/routes';
import { api, endpoints, uniqueEmail, waitForEmail } from './helpers';

const route = findRoute('POST /newsletter/subscribers');
const throttle = route?.throttle ?? { rateLimit: 0, burstLimit: 0 };
const maxBodyBytes = route?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

/**
 * One file, in order, because every case goes through the one throttled route: its token
 * bucket is shared, as API Gateway's route throttling is, and the rate-limit case empties it.
 */
describe('POST /newsletter/subscribers', () => {
  const email = uniqueEmail('subscriber');

  it('subscribes a new address with 201', async () => {
    const { status, body } = await api('/newsletter/subscribers', { method: 'POST', json: { email } });

    expect(status).toBe(201);
    expect(body).toMatchObject({ email, subscribedAt: expect.any(String) });
  });

  it('answers 409 ALREADY_SUBSCRIBED for the same address again (any case)', async () => {
    const { status, body } = await api('/newsletter/subscribers', {
      method: 'POST',
      json: { email: email.toUpperCase() },
    });

    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'ALREADY_SUBSCRIBED' });
  });

  it('sends the welcome email through the bus, the consumer and SES', async () => {
    const message = await waitForEmail(email);

    expect(message.destination.to).toEqual([email]);
    expect(message.subject).not.toBe('');
    expect(message.body.html ?? message.body.text).toBeTruthy();
  });

  it('answers malformed JSON with 400', async () => {
    const { status, body } = await api('/newsletter/subscribers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'body' })] },
    });
  });

  it('answers an unknown field with 400 naming it', async () => {
    const { status, body } = await api('/newsletter/subscribers', {
      method: 'POST',
      json: { email: uniqueEmail(), coupon: 'FREE' },
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'coupon', message: 'Unknown field' }] },
    });
  });

  it("answers a body over the route's limit with 413", async () => {
    const { status, body } = await api('/newsletter/subscribers', {
      method: 'POST',
      json: { email: uniqueEmail(), padding: 'x'.repeat(maxBodyBytes) },
    });

    expect(status).toBe(413);
    expect(body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it("answers a body over the gateway's hard cap with 413 before reading it", async () => {
    const { status, body } = await api('/newsletter/subscribers', {
      method: 'POST',
      json: { email: uniqueEmail(), padding: 'x'.repeat(2 * 1024 * 1024) },
    });

    expect(status).toBe(413);
    expect(body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: 'Request Entity Too Large' });
  });

  it.each([
    ['text/plain', '{"email":"cross-site@example.ch"}'],
    ['application/x-www-form-urlencoded', 'email=cross-site%40example.ch'],
    [undefined, '{"email":"cross-site@example.ch"}'],
  ])('refuses a body sent as %s with 415, as a cross-site form post would send it', async (type, payload) => {
    const response = await fetch(`${endpoints().apiUrl}/newsletter/subscribers`, {
      method: 'POST',
      ...(type ? { headers: { 'content-type': type } } : {}),
      body: type ? payload : new Blob([payload]),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('throttles the route with 429 once its burst is spent', async () => {
    expect(throttle.burstLimit).toBeGreaterThan(0);
    // Let the bucket refill completely after the requests above.
    await new Promise((resolveDelay) =>
      setTimeout(resolveDelay, (throttle.burstLimit / throttle.rateLimit) * 1000 + 500),
    );

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: throttle.burstLimit * 3 }, () =>
        api('/newsletter/subscribers', { method: 'POST', json: {} }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;

    const limited = responses.filter((response) => response.status === 429);
    const served = responses.filter((response) => response.status !== 429);
    // The burst, plus whatever the rate refilled while the requests were in flight.
    expect(served.length).toBeGreaterThanOrEqual(throttle.burstLimit);
    expect(served.length).toBeLessThanOrEqual(throttle.burstLimit + Math.ceil(seconds * throttle.rateLimit));
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body).toEqual({ error: 'RATE_LIMITED', message: 'Too many requests' });
  });
});
