import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, findRoute } from '../../functions/routes';
import {
  api,
  endpoints,
  NEWSLETTER_CONFIRMATION_SUBJECTS,
  newsletterConfirmLink,
  signInAsAdmin,
  storedEmails,
  uniqueEmail,
  waitForBusIdle,
  waitForConfirmationEmail,
  waitForEmailWhere,
  type ApiResponse,
  admitted,
} from './helpers';

const route = findRoute('POST /newsletter/subscribers');
const throttle = route?.throttle ?? { rateLimit: 0, burstLimit: 0 };
const maxBodyBytes = route?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

const post = (path: string, json: unknown): Promise<ApiResponse> => admitted(() => api(path, { method: 'POST', json }));

const emailsTo = async (address: string) =>
  (await storedEmails()).filter((message) => message.destination.to.includes(address));

/**
 * One file, in order, because every case goes through the one throttled route: its token
 * bucket is shared, as API Gateway's route throttling is, and the rate-limit case empties it.
 */
describe('POST /newsletter/subscribers and POST /newsletter/confirm (double opt-in)', () => {
  const email = uniqueEmail('subscriber');

  it('answers a sign-up with 202 pending, and mails a confirmation link to the confirmation page', async () => {
    const { status, body } = await post('/newsletter/subscribers', { email, locale: 'de' });

    expect(status).toBe(202);
    expect(body).toEqual({ email, status: 'pending' });
    const message = await waitForConfirmationEmail(email);
    expect(message.destination.to).toEqual([email]);
    const link = newsletterConfirmLink(message);
    expect(link.url.pathname).toBe('/newsletter/confirm');
    expect(link).toMatchObject({ email, lang: 'de' });
    expect(link.token.length).toBeGreaterThanOrEqual(43);
  });

  it('keeps a pending address off the list and sends it no welcome', async () => {
    const list = await api<{ items: { email: string }[] }>('/admin/subscribers', { token: await signInAsAdmin() });
    expect(list.body.items.map((item) => item.email)).not.toContain(email);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('refuses a wrong token with 404 and confirms with the link, then welcomes the subscriber once', async () => {
    const link = newsletterConfirmLink(await waitForConfirmationEmail(email));

    const wrong = await post('/newsletter/confirm', { email, token: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ error: 'NOT_FOUND' });

    const confirmed = await post('/newsletter/confirm', { email: link.email, token: link.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email, confirmed: true });
    // The same link again: fine, and no second welcome.
    expect((await post('/newsletter/confirm', { email: link.email, token: link.token })).status).toBe(200);

    const welcome = await waitForEmailWhere(
      (message) => message.destination.to.includes(email) && message.subject === 'Willkommen bei LINEA',
      'welcoming the subscriber',
    );
    expect(welcome.body.html ?? welcome.body.text).toBeTruthy();
    const list = await api<{ items: { email: string }[] }>('/admin/subscribers', { token: await signInAsAdmin() });
    expect(list.body.items.map((item) => item.email)).toContain(email);
    await waitForBusIdle();
    expect((await emailsTo(email)).filter((message) => message.subject === 'Willkommen bei LINEA')).toHaveLength(1);
  });

  it('answers a sign-up of a subscribed address (any case) exactly as a new one, and mails its owner a note', async () => {
    const fresh = uniqueEmail('subscriber');
    const answers = await Promise.all([
      post('/newsletter/subscribers', { email: email.toUpperCase(), locale: 'de' }),
      post('/newsletter/subscribers', { email: fresh, locale: 'de' }),
    ]);

    expect(answers[0]!.status).toBe(202);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(Object.keys(answers[0]!.body as object)).toEqual(Object.keys(answers[1]!.body as object));
    expect(answers[0]!.body).toEqual({ email, status: 'pending' });

    const note = await waitForEmailWhere(
      (message) =>
        message.destination.to.includes(email) && message.subject === 'Sie erhalten den LINEA-Newsletter bereits',
      'telling the subscriber they are subscribed',
    );
    expect(note.body.text).not.toContain('/newsletter/confirm');
    await waitForBusIdle();
    // Still subscribed, with no new link to follow.
    const toSubscriber = await emailsTo(email);
    expect(toSubscriber.filter((message) => NEWSLETTER_CONFIRMATION_SUBJECTS.has(message.subject))).toHaveLength(1);
  });

  it('sends a pending address signing up again soon after no second link, and the link it has still confirms', async () => {
    const pending = uniqueEmail('pending');
    // Two sign-ups at the same moment, then a third: one link.
    const answers = await Promise.all([
      post('/newsletter/subscribers', { email: pending }),
      post('/newsletter/subscribers', { email: pending }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    const first = newsletterConfirmLink(await waitForConfirmationEmail(pending));
    expect((await post('/newsletter/subscribers', { email: pending.toUpperCase() })).status).toBe(202);
    await waitForBusIdle();
    const links = (await storedEmails()).filter(
      (message) =>
        message.destination.to.some((to) => to.toLowerCase() === pending) &&
        NEWSLETTER_CONFIRMATION_SUBJECTS.has(message.subject),
    );
    expect(links).toHaveLength(1);

    const confirmed = await post('/newsletter/confirm', { email: pending, token: first.token });
    expect(confirmed.status).toBe(200);
  });

  it('answers malformed JSON with 400', async () => {
    const { status, body } = await admitted(() =>
      api('/newsletter/subscribers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      }),
    );

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'body' })] },
    });
  });

  it('answers an unknown field with 400 naming it', async () => {
    const { status, body } = await admitted(() =>
      api('/newsletter/subscribers', {
        method: 'POST',
        json: { email: uniqueEmail(), coupon: 'FREE' },
      }),
    );

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [{ field: 'coupon', message: 'Unknown field' }] },
    });
  });

  it("answers a body over the route's limit with 413", async () => {
    const { status, body } = await admitted(() =>
      api('/newsletter/subscribers', {
        method: 'POST',
        json: { email: uniqueEmail(), padding: 'x'.repeat(maxBodyBytes) },
      }),
    );

    expect(status).toBe(413);
    expect(body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it("answers a body over the gateway's hard cap with 413 before reading it", async () => {
    const { status, body } = await admitted(() =>
      api('/newsletter/subscribers', {
        method: 'POST',
        json: { email: uniqueEmail(), padding: 'x'.repeat(2 * 1024 * 1024) },
      }),
    );

    expect(status).toBe(413);
    expect(body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: 'Request Entity Too Large' });
  });

  it.each([
    ['text/plain', '{"email":"cross-site@example.ch"}'],
    ['application/x-www-form-urlencoded', 'email=cross-site%40example.ch'],
    [undefined, '{"email":"cross-site@example.ch"}'],
  ])('refuses a body sent as %s with 415, as a cross-site form post would send it', async (type, payload) => {
    const response = await admitted(() =>
      fetch(`${endpoints().apiUrl}/newsletter/subscribers`, {
        method: 'POST',
        ...(type ? { headers: { 'content-type': type } } : {}),
        body: type ? payload : new Blob([payload]),
      }),
    );
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
