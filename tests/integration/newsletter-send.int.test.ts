/**
 * Sending a newsletter end to end: the admin routes, the bus, the resumable sender, SES and the
 * unsubscribe link. Other files running meanwhile subscribe addresses of their own to the same
 * list (and so get these newsletters too): every assertion is about this file's addresses only.
 * The last part runs the sender in-process on real repositories over a table of its own, to stop
 * it half-way and resume it.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { NewsletterDto } from '@linea/shared/contracts/newsletter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsletterRepository, type Newsletter } from '../../functions/data/newsletter-repository';
import { createSubscriberRepository } from '../../functions/data/subscriber-repository';
import type { RenderedEmail } from '../../functions/email/layout';
import type { Actor } from '../../functions/lib/auth';
import {
  BATCH_SIZE,
  LEASE_MS,
  SENDS_PER_RUN,
  SendInProgressError,
  sendNewsletter,
  type SendNewsletterDeps,
} from '../../functions/services/send-newsletter';
import { ensureTable } from '../../infra/local/dynamodb';
import {
  api,
  documentClient,
  endpoints,
  signInAsAdmin,
  signUp,
  newsletterConfirmLink,
  unique,
  uniqueEmail,
  waitForBusIdle,
  waitForConfirmationEmail,
  type ApiResponse,
  type Email,
  admitted,
  newsletterLink,
  pause,
} from './helpers';

type StoredEmail = Email & { readonly replyTo?: string[] };

/** Every email the SES emulator holds. */
async function mailbox(): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${endpoints().mailboxUrl}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails;
}

/** The emails with `subject`, by recipient (each message's whole `to` list kept). */
async function emailsWithSubject(subject: string): Promise<StoredEmail[]> {
  return (await mailbox()).filter((email) => email.subject === subject);
}

const to = (emails: StoredEmail[], address: string) => emails.filter((email) => email.destination.to.includes(address));

const unsubscribeLink = (email: StoredEmail) => newsletterLink(email, '/unsubscribe');

const throttled = (path: string, json: unknown): Promise<ApiResponse> =>
  admitted(() => api(path, { method: 'POST', json }));

/** Signs up (double opt-in) and follows the confirmation email's link: an active subscriber. */
async function subscribe(email: string, locale: 'en' | 'de' = 'en'): Promise<void> {
  const { status, body } = await throttled('/newsletter/subscribers', { email, locale });
  expect(status, JSON.stringify(body)).toBe(202);
  const link = newsletterConfirmLink(await waitForConfirmationEmail(email));
  const confirmed = await throttled('/newsletter/confirm', { email: link.email, token: link.token });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

async function createNewsletter(token: string, subject: string): Promise<NewsletterDto> {
  const { status, body } = await api<NewsletterDto>('/admin/newsletters', {
    method: 'POST',
    token,
    json: { title: `Title of ${subject}`, subject, content: `First paragraph.\n\nSecond paragraph of ${subject}.` },
  });
  expect(status).toBe(201);
  expect(body).toMatchObject({ subject, status: 'draft', sentCount: 0 });
  return body;
}

async function listed(token: string, id: string): Promise<NewsletterDto | undefined> {
  const { status, body } = await api<{ items: NewsletterDto[] }>('/admin/newsletters', { token });
  expect(status).toBe(200);
  return body.items.find((item) => item.id === id);
}

/** Polls GET /admin/newsletters until the newsletter shows as sent. */
async function waitUntilSent(token: string, id: string, timeoutMs = 40_000): Promise<NewsletterDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newsletter = await listed(token, id);
    if (newsletter?.status === 'sent') return newsletter;
    if (Date.now() > deadline)
      throw new Error(`Newsletter ${id} not sent within ${timeoutMs} ms: ${newsletter?.status}`);
    await pause(200);
  }
}

describe('sending a newsletter through the API', () => {
  const readers = [uniqueEmail('reader'), uniqueEmail('reader'), uniqueEmail('reader')];
  const subject = `Winter news ${unique('nl')}`;
  const secondSubject = `Spring news ${unique('nl')}`;
  let admin: string;
  let first: NewsletterDto;
  /** Each reader's one email of the first newsletter. */
  const received = new Map<string, StoredEmail>();

  beforeAll(async () => {
    admin = await signInAsAdmin();
    for (const [i, reader] of readers.entries()) await subscribe(reader, i === 1 ? 'de' : 'en');
  });

  it('answers 401 without a token and 403 to a customer on every admin newsletter route', async () => {
    const customer = await signUp();
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ['/admin/newsletters', {}],
      ['/admin/newsletters', { method: 'POST', json: { title: 't', subject: 's', content: 'c' } }],
      [`/admin/newsletters/${randomUUID()}/send`, { method: 'POST', json: { fromEmail: 'editor@linea.test' } }],
      ['/admin/subscribers', {}],
    ];
    for (const [path, init] of calls) {
      expect((await api(path, { ...init, token: customer.idToken })).status, path).toBe(403);
      expect((await api(path, init)).status, path).toBe(401);
    }
  });

  it('sends one email to each active subscriber, to them alone, each with their own unsubscribe link', async () => {
    // Arrange
    first = await createNewsletter(admin, subject);

    // Act
    const sent = await api<NewsletterDto>(`/admin/newsletters/${first.id}/send`, {
      method: 'POST',
      token: admin,
      json: { fromEmail: 'editor@linea.test' },
    });

    // Assert
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ id: first.id, status: 'sending', fromEmail: 'editor@linea.test' });
    const done = await waitUntilSent(admin, first.id);
    expect(done).toMatchObject({ status: 'sent', sentAt: expect.any(String), fromEmail: 'editor@linea.test' });
    // Everyone active got it, this file's readers among them (other files' subscribers too).
    expect(done.recipientCount).toBeGreaterThanOrEqual(readers.length);
    expect(done.sentCount).toBe(done.recipientCount);

    const emails = await emailsWithSubject(subject);
    for (const [i, reader] of readers.entries()) {
      const mine = to(emails, reader);
      expect(mine, reader).toHaveLength(1);
      const email = mine[0]!;
      expect(email.destination.to).toEqual([reader]);
      expect(email.replyTo).toEqual(['editor@linea.test']);
      expect(email.body.text).toContain(`Second paragraph of ${subject}.`);
      const link = unsubscribeLink(email);
      expect(link.url.pathname).toBe('/unsubscribe');
      expect(link.email).toBe(reader);
      expect(link.token.length).toBeGreaterThanOrEqual(16);
      expect(link.lang).toBe(i === 1 ? 'de' : 'en');
      received.set(reader, email);
    }
    const tokens = [...received.values()].map((email) => unsubscribeLink(email).token);
    expect(new Set(tokens).size).toBe(readers.length);
    // Every email of this newsletter went to one recipient only.
    expect(emails.every((email) => email.destination.to.length === 1)).toBe(true);
  }, 60_000);

  it('sends nothing more when the admin sends the same newsletter again', async () => {
    const before = (await emailsWithSubject(subject)).length;

    const again = await api<NewsletterDto>(`/admin/newsletters/${first.id}/send`, {
      method: 'POST',
      token: admin,
      json: { fromEmail: 'someone-else@linea.test' },
    });

    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: first.id, status: 'sent', fromEmail: 'editor@linea.test' });
    await waitForBusIdle();
    expect(await emailsWithSubject(subject)).toHaveLength(before);
    for (const reader of readers) expect(to(await emailsWithSubject(subject), reader)).toHaveLength(1);
    expect(await listed(admin, first.id)).toMatchObject({ status: 'sent', recipientCount: before });
  });

  it("unsubscribes with a link's email and token: gone from the list, and not mailed the next newsletter", async () => {
    const [leaving, ...staying] = readers as [string, ...string[]];
    const link = unsubscribeLink(received.get(leaving)!);
    const otherToken = unsubscribeLink(received.get(staying[0]!)!).token;

    // Someone else's token, or a guess, does not unsubscribe the address.
    const wrong = await throttled('/newsletter/unsubscribe', { email: leaving, token: otherToken });
    expect(wrong.status).toBe(404);

    const res = await throttled('/newsletter/unsubscribe', { email: link.email, token: link.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: leaving, unsubscribed: true });
    // A second click is fine too.
    expect((await throttled('/newsletter/unsubscribe', { email: link.email, token: link.token })).status).toBe(200);

    const list = await api<{ items: { email: string }[]; activeCount: number }>('/admin/subscribers', {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeLessThanOrEqual(10);
    expect(list.body.items.map((s) => s.email)).not.toContain(leaving);
    expect(list.body.activeCount).toBeGreaterThanOrEqual(staying.length);

    // The next newsletter reaches the others, not the address that left.
    const second = await createNewsletter(admin, secondSubject);
    const sent = await api(`/admin/newsletters/${second.id}/send`, {
      method: 'POST',
      token: admin,
      json: { fromEmail: 'editor@linea.test' },
    });
    expect(sent.status).toBe(202);
    await waitUntilSent(admin, second.id);
    const emails = await emailsWithSubject(secondSubject);
    expect(to(emails, leaving)).toHaveLength(0);
    for (const reader of staying) {
      const mine = to(emails, reader);
      expect(mine, reader).toHaveLength(1);
      // The same link as before: one token per subscriber.
      expect(unsubscribeLink(mine[0]!).token).toBe(unsubscribeLink(received.get(reader)!).token);
    }
  }, 60_000);

  it('starts one send for two clicks at once: both 202, one email each', async () => {
    const staying = readers.slice(1);
    const doubleSubject = `Double click ${unique('nl')}`;
    const newsletter = await createNewsletter(admin, doubleSubject);
    const click = () =>
      api<NewsletterDto>(`/admin/newsletters/${newsletter.id}/send`, {
        method: 'POST',
        token: admin,
        json: { fromEmail: 'editor@linea.test' },
      });

    const responses = await Promise.all([click(), click()]);

    expect(responses.map((r) => r.status)).toEqual([202, 202]);
    expect(responses.map((r) => r.body.status)).toEqual(['sending', 'sending']);
    await waitUntilSent(admin, newsletter.id);
    await waitForBusIdle();
    const emails = await emailsWithSubject(doubleSubject);
    for (const reader of staying) expect(to(emails, reader), reader).toHaveLength(1);
    expect(to(emails, readers[0]!)).toHaveLength(0);
    const counts = new Map<string, number>();
    for (const email of emails) counts.set(email.destination.to[0]!, (counts.get(email.destination.to[0]!) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await listed(admin, newsletter.id)).toMatchObject({ recipientCount: emails.length });
  }, 60_000);

  it('answers 404 for an unknown newsletter and 400 naming fromEmail when it is missing', async () => {
    const unknown = await api(`/admin/newsletters/${randomUUID()}/send`, {
      method: 'POST',
      token: admin,
      json: { fromEmail: 'editor@linea.test' },
    });
    expect(unknown.status).toBe(404);

    const draft = await createNewsletter(admin, `Never sent ${unique('nl')}`);
    const missing = await api(`/admin/newsletters/${draft.id}/send`, { method: 'POST', token: admin, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'VALIDATION',
      details: { fields: [expect.objectContaining({ field: 'fromEmail' })] },
    });
    expect(await listed(admin, draft.id)).toMatchObject({ status: 'draft', sentCount: 0 });
  });
});

describe('the sender on DynamoDB, stopped half-way and resumed', () => {
  const db = documentClient();
  const actor: Actor = {
    userId: 'admin-1',
    email: 'admin@linea.test',
    firstName: 'Ada',
    lastName: 'Admin',
    isAdmin: true,
  };
  let raw: DynamoDBClient;

  beforeAll(() => {
    raw = new DynamoDBClient({
      endpoint: endpoints().dynamodbEndpoint,
      region: endpoints().region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(() => raw.destroy());

  /**
   * A table of its own (so the list is exactly these subscribers) holding `count` subscribers,
   * one second apart (the order the sender reads them in), and a newsletter being sent.
   */
  async function arrange(count: number) {
    const tableName = unique('newsletters');
    await ensureTable(raw, tableName);
    const newsletterRepository = createNewsletterRepository(db, () => tableName);
    const subscriberRepository = createSubscriberRepository(db, () => tableName);
    const prefix = unique('list');
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    const list = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}@example.com`);
    for (let i = 0; i < list.length; i += 20) {
      await Promise.all(
        list.slice(i, i + 20).map((email, j) =>
          subscriberRepository.add({
            email,
            locale: 'en',
            isActive: true,
            subscribedAt: new Date(base + (i + j) * 1_000).toISOString(),
          }),
        ),
      );
    }
    const newsletter: Newsletter = {
      id: randomUUID(),
      title: 'Resumed',
      subject: `Resumed ${prefix}`,
      content: 'Hello.',
      createdAt: new Date().toISOString(),
      status: 'draft',
      sentCount: 0,
    };
    await newsletterRepository.create(newsletter, actor);
    const started = await newsletterRepository.startSending(
      newsletter.id,
      'editor@linea.test',
      actor,
      new Date().toISOString(),
    );
    expect(started.outcome).toBe('started');
    return { id: newsletter.id, list, newsletterRepository, subscriberRepository };
  }

  type Repositories = Pick<Awaited<ReturnType<typeof arrange>>, 'newsletterRepository' | 'subscriberRepository'>;

  /** Deps on the real repositories; SES and the bus recorded; a clock that can be moved on. */
  function deps({ newsletterRepository, subscriberRepository }: Repositories) {
    const sent: { to: string; email: RenderedEmail }[] = [];
    const failOn = new Set<string>();
    const pages: (Record<string, unknown> | undefined)[] = [];
    const published: unknown[] = [];
    const clock = { offsetMs: 0 };
    const value: SendNewsletterDeps = {
      newsletters: newsletterRepository,
      subscribers: {
        activePage: (startKey, limit) => {
          pages.push(startKey);
          return subscriberRepository.activePage(startKey, limit);
        },
        tokenOf: (email) => subscriberRepository.tokenOf(email),
      },
      sendEmail: async (address, email) => {
        if (failOn.delete(address)) throw new Error('SES: service unavailable');
        sent.push({ to: address, email });
      },
      publish: (async (_type: string, detail: unknown) => {
        published.push(detail);
      }) as SendNewsletterDeps['publish'],
      now: () => new Date(Date.now() + clock.offsetMs),
      sleep: async () => undefined,
      webUrl: () => 'https://shop.linea.test',
    };
    return { deps: value, sent, failOn, pages, published, clock };
  }

  const counts = (sent: { to: string }[]) => {
    const result = new Map<string, number>();
    for (const { to: address } of sent) result.set(address, (result.get(address) ?? 0) + 1);
    return result;
  };

  it('mails nobody twice and skips nobody when a run dies on its second page', async () => {
    // Arrange: three pages; SES fails on the second page, after the first page's cursor was saved.
    const arranged = await arrange(BATCH_SIZE * 2 + 10);
    const { id, list, newsletterRepository, subscriberRepository } = arranged;
    const w = deps(arranged);
    w.failOn.add(list[BATCH_SIZE + 4]!);

    // Act: the run dies ...
    await expect(sendNewsletter(id, w.deps)).rejects.toThrow('SES: service unavailable');
    expect(w.sent).toHaveLength(BATCH_SIZE + 4);
    const stopped = await newsletterRepository.get(id);
    expect(stopped).toMatchObject({ status: 'sending', sentCount: BATCH_SIZE + 4 });
    expect(stopped?.cursor).toBeDefined();
    // ... its lease keeps a retry out until it runs out ...
    await expect(sendNewsletter(id, w.deps)).rejects.toBeInstanceOf(SendInProgressError);
    expect(w.sent).toHaveLength(BATCH_SIZE + 4);
    // ... then the retry resumes at the saved page.
    w.clock.offsetMs = LEASE_MS + 1_000;
    w.pages.length = 0;
    await sendNewsletter(id, w.deps);

    // Assert
    expect(w.pages[0]).toEqual(stopped?.cursor);
    const got = counts(w.sent);
    expect([...got.keys()].sort()).toEqual([...list].sort());
    expect([...got.values()].every((n) => n === 1)).toBe(true);
    expect(await newsletterRepository.get(id)).toMatchObject({
      status: 'sent',
      sentCount: list.length,
      recipientCount: list.length,
    });
    // The links carry each subscriber's own stored token.
    for (const address of list.slice(0, 3)) {
      const email = w.sent.find((s) => s.to === address)!.email;
      expect(email.text).toContain(`token=${encodeURIComponent(await subscriberRepository.tokenOf(address))}`);
    }
    // Done: another run changes nothing.
    await sendNewsletter(id, w.deps);
    expect(w.sent).toHaveLength(list.length);
  }, 60_000);

  it(`hands over to a new run after ${SENDS_PER_RUN} emails, and the new run finishes`, async () => {
    const arranged = await arrange(SENDS_PER_RUN + 10);
    const { id, list, newsletterRepository } = arranged;
    const w = deps(arranged);

    await sendNewsletter(id, w.deps);
    expect(w.sent).toHaveLength(Math.ceil(SENDS_PER_RUN / BATCH_SIZE) * BATCH_SIZE);
    expect(w.published).toEqual([expect.objectContaining({ version: 1, newsletterId: id })]);
    const between = await newsletterRepository.get(id);
    expect(between).toMatchObject({ status: 'sending', sentCount: w.sent.length });

    // The new run starts at once: the lease was handed over, not left to run out.
    await sendNewsletter(id, w.deps);

    const got = counts(w.sent);
    expect(got.size).toBe(list.length);
    expect([...got.values()].every((n) => n === 1)).toBe(true);
    expect(await newsletterRepository.get(id)).toMatchObject({ status: 'sent', recipientCount: list.length });
  }, 60_000);
});
