import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@linea/shared/domain/money';
import type { Newsletter } from '../data/newsletter-repository';
import type { Subscriber } from '../data/subscriber-repository';
import type { RenderedEmail } from '../email/layout';
import { UnsafeEmailHeaderError } from '../lib/email';
import {
  BATCH_SIZE,
  LEASE_MS,
  SENDS_PER_RUN,
  SENDS_PER_SECOND,
  SendInProgressError,
  sendNewsletter,
  type SendNewsletterDeps,
} from './send-newsletter';

const ID = 'nl-1';
const WEB_URL = 'https://shop.linea.test';
const FROM = 'editor@linea.test';
const START = Date.parse('2026-11-21T10:00:00.000Z');

/** Thrown by a fake, as DynamoDB does when a write's condition fails. */
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

type StoredNewsletter = Newsletter & { leaseId?: string; leaseUntil?: string };

/**
 * The newsletter repository in memory, with the DynamoDB one's semantics: a lease is taken only
 * while `sending` and when nobody else holds an unexpired one; a delivery is claimed once (then
 * 'sent' or 'in-doubt'); marking it delivered counts it once; the cursor is saved only while
 * `sending`; finishing happens once and copies the count.
 */
function fakeNewsletters(initial: Partial<StoredNewsletter> = {}) {
  const row: StoredNewsletter = {
    id: ID,
    title: 'Winter collection',
    subject: 'The winter collection is here',
    content: 'Wool coats.\n\nScarves in three colours.',
    createdAt: '2026-11-20T09:00:00.000Z',
    status: 'sending',
    fromEmail: FROM,
    sentCount: 0,
    ...initial,
  };
  const deliveries = new Map<string, 'claimed' | 'sent' | 'refused'>();
  const key = (email: string) => email.toLowerCase();
  const strip = ({ leaseId: _id, leaseUntil: _until, ...newsletter }: StoredNewsletter): Newsletter =>
    structuredClone(newsletter);

  const repo = {
    get: vi.fn(async (id: string) => (id === row.id ? strip(row) : undefined)),
    lease: vi.fn(async (id: string, runId: string, now: string, until: string) => {
      if (id !== row.id || row.status !== 'sending') return false;
      if (row.leaseUntil !== undefined && !(row.leaseUntil < now) && row.leaseId !== runId) return false;
      row.leaseId = runId;
      row.leaseUntil = until;
      return true;
    }),
    releaseLease: vi.fn(async (_id: string, runId: string) => {
      if (row.leaseId !== runId) return;
      delete row.leaseId;
      delete row.leaseUntil;
    }),
    claimDelivery: vi.fn(async (_id: string, email: string, _at: string) => {
      const state = deliveries.get(key(email));
      if (!state) {
        deliveries.set(key(email), 'claimed');
        return 'claimed' as const;
      }
      return state === 'sent' || state === 'refused' ? ('sent' as const) : ('in-doubt' as const);
    }),
    markRefused: vi.fn(async (_id: string, email: string, _at: string) => {
      if (deliveries.get(key(email)) === 'claimed') deliveries.set(key(email), 'refused');
    }),
    markDelivered: vi.fn(async (_id: string, email: string, _at: string) => {
      // A transaction: the delivery must be 'claimed', or neither write happens.
      if (deliveries.get(key(email)) !== 'claimed') return;
      deliveries.set(key(email), 'sent');
      row.sentCount += 1;
    }),
    saveCursor: vi.fn(async (_id: string, cursor: Record<string, unknown>) => {
      if (row.status !== 'sending') throw conditionFailed();
      row.cursor = structuredClone(cursor) as Record<string, string>;
    }),
    finish: vi.fn(async (_id: string, at: string) => {
      if (row.status !== 'sending' || row.sentAt) return undefined;
      row.status = 'sent';
      row.sentAt = at;
      row.recipientCount = row.sentCount;
      delete row.cursor;
      delete row.leaseId;
      delete row.leaseUntil;
      return strip(row);
    }),
  } satisfies SendNewsletterDeps['newsletters'];
  return { repo, row, deliveries };
}

/**
 * The subscriber list in memory, as GSI3 `SUBSCRIBERS` is read: oldest first, `Limit` counted
 * before the `isActive` filter (a page can come back short, or empty, with a key for more), and
 * a LastEvaluatedKey whenever the limit was reached, even at the very end of the list.
 */
function fakeSubscribers(list: Subscriber[]) {
  const rows = [...list].sort((a, b) => a.subscribedAt.localeCompare(b.subscribedAt));
  const keyOf = (s: Subscriber) => ({
    PK: `SUBSCRIBER#${s.email}`,
    SK: 'SUBSCRIBER',
    GSI3PK: 'SUBSCRIBERS',
    GSI3SK: s.subscribedAt,
  });
  const repo = {
    activePage: vi.fn(async (startKey: Record<string, unknown> | undefined, limit: number) => {
      const from = startKey ? rows.findIndex((s) => s.subscribedAt > String(startKey.GSI3SK)) : 0;
      const evaluated = from < 0 ? [] : rows.slice(from, from + limit);
      const last = evaluated.at(-1);
      return {
        items: evaluated.filter((s) => s.isActive).map((s) => structuredClone(s)),
        ...(evaluated.length === limit && last ? { nextKey: keyOf(last) } : {}),
      };
    }),
    tokenOf: vi.fn(async (email: string) => {
      const subscriber = rows.find((s) => s.email === email);
      if (!subscriber) throw conditionFailed();
      subscriber.unsubscribeToken ??= `made-later-token-${email}`;
      return subscriber.unsubscribeToken;
    }),
    /** Someone leaving the list (e.g. while a send is under way). */
    unsubscribe(email: string) {
      const subscriber = rows.find((s) => s.email === email);
      if (subscriber) subscriber.isActive = false;
    },
  };
  return repo;
}

function aSubscriber(n: number, overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    email: `reader-${String(n).padStart(4, '0')}@example.ch`,
    locale: n % 2 ? 'de' : 'en',
    isActive: true,
    subscribedAt: new Date(START - 86_400_000 + n * 1_000).toISOString(),
    unsubscribeToken: `token-${String(n).padStart(4, '0')}-abcdefghijklmnop`,
    ...overrides,
  };
}

const subscribersNumbered = (count: number) => Array.from({ length: count }, (_, i) => aSubscriber(i + 1));

interface Sent {
  to: string;
  email: RenderedEmail;
  options?: { replyTo?: string };
}

/**
 * Everything the sender talks to, faked: `clock` moves only when a test moves it, `sleep` is
 * instant (and recorded), `failOn` makes SES fail once for an address.
 */
function world(options: { newsletter?: Partial<StoredNewsletter>; subscribers: Subscriber[] }) {
  const newsletters = fakeNewsletters(options.newsletter);
  const subscribers = fakeSubscribers(options.subscribers);
  const sent: Sent[] = [];
  const failOnce = new Set<string>();
  /** Addresses SES refuses for good (MessageRejected). */
  const refuse = new Set<string>();
  const clock = { now: START };
  const sleeps: number[] = [];
  const published: { detailType: string; detail: unknown }[] = [];
  const deps: SendNewsletterDeps = {
    newsletters: newsletters.repo,
    subscribers: subscribers,
    sendEmail: vi.fn(async (to: string, email: RenderedEmail, sendOptions?: { replyTo?: string }) => {
      if (failOnce.delete(to)) throw new Error('SES: Throttling');
      if (refuse.has(to)) throw Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' });
      sent.push({ to, email, ...(sendOptions ? { options: sendOptions } : {}) });
    }),
    publish: vi.fn(async (detailType, detail) => {
      published.push({ detailType, detail });
    }) as SendNewsletterDeps['publish'],
    now: () => new Date(clock.now),
    sleep: vi.fn(async (ms: number) => {
      sleeps.push(ms);
    }),
    webUrl: () => WEB_URL,
  };
  return { deps, newsletters, subscribers, sent, failOnce, refuse, clock, sleeps, published };
}

/** The unsubscribe link in an email's plain text, as its parts. */
function unsubscribeLink(email: RenderedEmail) {
  const match = /(https:\/\/shop\.linea\.test\/unsubscribe\?\S+)/.exec(email.text);
  if (!match) throw new Error(`No unsubscribe link in: ${email.text}`);
  const url = new URL(match[1]!);
  return {
    url,
    email: url.searchParams.get('email'),
    token: url.searchParams.get('token'),
    lang: url.searchParams.get('lang') as Locale | null,
  };
}

const countBy = (addresses: string[]) => {
  const counts = new Map<string, number>();
  for (const address of addresses) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
};

/** Each address of `list` got exactly one email, and nobody else got any. */
function expectEachMailedOnce(sent: Sent[], list: Subscriber[]) {
  const counts = countBy(sent.map((s) => s.to));
  expect([...counts.keys()].sort()).toEqual(list.map((s) => s.email).sort());
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
}

/** The logger's lines (warn and error go to console.error). */
let logged: string[] = [];
beforeEach(() => {
  logged = [];
  const keep = (line: unknown) => void logged.push(String(line));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'info').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => vi.restoreAllMocks());

describe('sendNewsletter', () => {
  it('sends one email per active subscriber, to them alone, with their own unsubscribe link and reply-to, then finishes', async () => {
    // Arrange
    const list = subscribersNumbered(3);
    const w = world({ subscribers: list });

    // Act
    await sendNewsletter(ID, w.deps);

    // Assert
    expect(w.sent.map((s) => s.to)).toEqual(list.map((s) => s.email));
    for (const [i, message] of w.sent.entries()) {
      const subscriber = list[i]!;
      expect(message.options).toEqual({ kind: 'newsletter', replyTo: FROM });
      expect(message.email.subject).toBe('The winter collection is here');
      expect(message.email.text).toContain('Winter collection');
      expect(message.email.text).toContain('Scarves in three colours.');
      const link = unsubscribeLink(message.email);
      expect(link.url.origin + link.url.pathname).toBe(`${WEB_URL}/unsubscribe`);
      expect(link).toMatchObject({
        email: subscriber.email,
        token: subscriber.unsubscribeToken,
        lang: subscriber.locale,
      });
      expect(message.email.html).toContain(`lang="${subscriber.locale}"`);
    }
    expect(new Set(w.sent.map((s) => unsubscribeLink(s.email).token)).size).toBe(3);
    expect(w.newsletters.repo.finish).toHaveBeenCalledTimes(1);
    expect(w.newsletters.row).toMatchObject({
      status: 'sent',
      sentCount: 3,
      recipientCount: 3,
      sentAt: new Date(START).toISOString(),
    });
    expect(w.newsletters.row.cursor).toBeUndefined();
    expect(w.newsletters.row.leaseId).toBeUndefined();
    expect(w.published).toEqual([]);
  });

  it('makes the unsubscribe token of a subscriber from before tokens existed, and links it', async () => {
    const { unsubscribeToken: _none, ...legacy } = aSubscriber(1);
    const w = world({ subscribers: [legacy, aSubscriber(2)] });

    await sendNewsletter(ID, w.deps);

    expect(w.deps.subscribers.tokenOf).toHaveBeenCalledTimes(1);
    expect(w.deps.subscribers.tokenOf).toHaveBeenCalledWith(legacy.email);
    expect(unsubscribeLink(w.sent[0]!.email).token).toBe(`made-later-token-${legacy.email}`);
    expect(unsubscribeLink(w.sent[1]!.email).token).toBe(aSubscriber(2).unsubscribeToken);
  });

  it('mails nobody who is not active, and no reply-to without a fromEmail', async () => {
    const list = [aSubscriber(1), aSubscriber(2, { isActive: false }), aSubscriber(3)];
    const w = world({ subscribers: list, newsletter: { fromEmail: undefined } });

    await sendNewsletter(ID, w.deps);

    expect(w.sent.map((s) => s.to)).toEqual([list[0]!.email, list[2]!.email]);
    expect(w.sent.every((s) => s.options?.replyTo === undefined)).toBe(true);
    expect(w.newsletters.row).toMatchObject({ status: 'sent', recipientCount: 2 });
  });

  it('keeps to SENDS_PER_SECOND, waiting between sends (instantly here)', async () => {
    const w = world({ subscribers: subscribersNumbered(4) });

    await sendNewsletter(ID, w.deps);

    expect(w.sent).toHaveLength(4);
    // No wait before the first email; before every further one, at most one interval.
    expect(w.sleeps.length).toBeGreaterThanOrEqual(3);
    expect(w.sleeps.every((ms) => ms > 0 && ms <= 1000 / SENDS_PER_SECOND)).toBe(true);
  });

  it('after a send that failed at the 2nd of 5, a second run mails every subscriber exactly once overall', async () => {
    // Arrange
    const list = subscribersNumbered(5);
    const w = world({ subscribers: list });
    w.failOnce.add(list[1]!.email);

    // Act: the first run fails (the bus will retry the event) ...
    await expect(sendNewsletter(ID, w.deps)).rejects.toThrow('SES: Throttling');
    expect(w.sent.map((s) => s.to)).toEqual([list[0]!.email]);
    expect(w.newsletters.row).toMatchObject({ status: 'sending', sentCount: 1 });
    // ... and its lease outlives it: a retry at once finds the send still "in progress".
    await expect(sendNewsletter(ID, w.deps)).rejects.toBeInstanceOf(SendInProgressError);
    expect(w.sent).toHaveLength(1);
    // Once the lease has run out, the retry resumes.
    w.clock.now += LEASE_MS + 1;
    await sendNewsletter(ID, w.deps);

    // Assert
    expectEachMailedOnce(w.sent, list);
    expect(w.sent.map((s) => s.to)).toEqual(list.map((s) => s.email));
    expect(w.newsletters.row).toMatchObject({ status: 'sent', sentCount: 5, recipientCount: 5 });
  });

  it('goes on past an address SES refuses for good, counting only what was sent, and never tries it again', async () => {
    const list = subscribersNumbered(4);
    const w = world({ subscribers: list });
    w.refuse.add(list[1]!.email);

    await sendNewsletter(ID, w.deps);

    expect(w.sent.map((s) => s.to)).toEqual([list[0]!.email, list[2]!.email, list[3]!.email]);
    expect(w.newsletters.row).toMatchObject({ status: 'sent', sentCount: 3, recipientCount: 3 });
    expect(w.newsletters.repo.markRefused).toHaveBeenCalledWith(ID, list[1]!.email, expect.any(String));
  });

  it('goes on past an address the email layer will not put in a To header, as past one SES refuses', async () => {
    const list = subscribersNumbered(3);
    const w = world({ subscribers: list });
    const deps: SendNewsletterDeps = {
      ...w.deps,
      sendEmail: async (to, email, options) => {
        if (to === list[1]!.email) throw new UnsafeEmailHeaderError('To');
        await w.deps.sendEmail(to, email, options);
      },
    };

    await sendNewsletter(ID, deps);

    expect(w.sent.map((s) => s.to)).toEqual([list[0]!.email, list[2]!.email]);
    expect(w.newsletters.repo.markRefused).toHaveBeenCalledWith(ID, list[1]!.email, expect.any(String));
  });

  it('fails the run, refusing nobody, when the newsletter’s own subject is unsafe for a header', async () => {
    const list = subscribersNumbered(3);
    const w = world({ subscribers: list });
    const deps: SendNewsletterDeps = {
      ...w.deps,
      sendEmail: async () => {
        throw new UnsafeEmailHeaderError('Subject');
      },
    };

    await expect(sendNewsletter(ID, deps)).rejects.toThrow(UnsafeEmailHeaderError);
    expect(w.newsletters.repo.markRefused).not.toHaveBeenCalled();
    expect(w.newsletters.row.status).toBe('sending');
  });

  it('resumes an interrupted run from the saved cursor, skipping the pages already done', async () => {
    // Arrange: three pages; the run dies on the second page, after the first page's cursor was saved.
    const list = subscribersNumbered(BATCH_SIZE * 2 + 5);
    const w = world({ subscribers: list });
    const dying = list[BATCH_SIZE + 3]!;
    w.failOnce.add(dying.email);

    // Act
    await expect(sendNewsletter(ID, w.deps)).rejects.toThrow();
    const saved = w.newsletters.row.cursor;
    expect(saved).toMatchObject({ GSI3SK: list[BATCH_SIZE - 1]!.subscribedAt });
    expect(w.sent).toHaveLength(BATCH_SIZE + 3);
    w.newsletters.repo.claimDelivery.mockClear();
    w.subscribers.activePage.mockClear();
    w.clock.now += LEASE_MS + 1;
    await sendNewsletter(ID, w.deps);

    // Assert: the second run read from the saved cursor on, never the first page again ...
    expect(w.subscribers.activePage.mock.calls[0]).toEqual([saved, BATCH_SIZE]);
    const claimedAgain = w.newsletters.repo.claimDelivery.mock.calls.map(([, email]) => email);
    expect(claimedAgain).toEqual(list.slice(BATCH_SIZE).map((s) => s.email));
    // ... and everybody has exactly one email.
    expectEachMailedOnce(w.sent, list);
    expect(w.newsletters.row).toMatchObject({ status: 'sent', recipientCount: list.length });
  });

  it('a run that dies between the send and its record sends that one email again rather than losing it', async () => {
    // The one documented doubt: SES took the email, the run died before markDelivered.
    const list = subscribersNumbered(3);
    const w = world({ subscribers: list });
    w.newsletters.repo.markDelivered.mockImplementationOnce(async () => {
      throw new Error('Lambda timed out');
    });

    await expect(sendNewsletter(ID, w.deps)).rejects.toThrow('Lambda timed out');
    w.clock.now += LEASE_MS + 1;
    await sendNewsletter(ID, w.deps);

    expect(countBy(w.sent.map((s) => s.to))).toEqual(
      new Map([
        [list[0]!.email, 2],
        [list[1]!.email, 1],
        [list[2]!.email, 1],
      ]),
    );
    // Counted once all the same, and the resend is logged.
    expect(w.newsletters.row).toMatchObject({ status: 'sent', recipientCount: 3 });
    expect(logged.filter((line) => line.includes('Resending a newsletter email'))).toHaveLength(1);
  });

  it('does not mail someone who unsubscribed between two runs', async () => {
    const list = subscribersNumbered(4);
    const w = world({ subscribers: list });
    w.failOnce.add(list[1]!.email);

    await expect(sendNewsletter(ID, w.deps)).rejects.toThrow();
    w.subscribers.unsubscribe(list[3]!.email);
    w.clock.now += LEASE_MS + 1;
    await sendNewsletter(ID, w.deps);

    expectEachMailedOnce(w.sent, list.slice(0, 3));
    expect(w.newsletters.row).toMatchObject({ status: 'sent', recipientCount: 3 });
  });

  it.each(['draft', 'sent'] as const)('sends nothing for a newsletter that is %s', async (status) => {
    const w = world({
      subscribers: subscribersNumbered(3),
      newsletter: { status, ...(status === 'sent' ? { sentAt: '2026-11-20T12:00:00.000Z', sentCount: 3 } : {}) },
    });

    await sendNewsletter(ID, w.deps);

    expect(w.sent).toEqual([]);
    expect(w.newsletters.repo.lease).not.toHaveBeenCalled();
    expect(w.newsletters.repo.claimDelivery).not.toHaveBeenCalled();
    expect(w.newsletters.repo.finish).not.toHaveBeenCalled();
    expect(w.newsletters.row.status).toBe(status);
  });

  it('sends nothing for an unknown newsletter', async () => {
    const w = world({ subscribers: subscribersNumbered(3) });

    await sendNewsletter('no-such-newsletter', w.deps);

    expect(w.sent).toEqual([]);
    expect(w.newsletters.repo.finish).not.toHaveBeenCalled();
  });

  it('throws SendInProgressError and sends nothing while another run holds the lease', async () => {
    const w = world({
      subscribers: subscribersNumbered(3),
      newsletter: { leaseId: 'other-run', leaseUntil: new Date(START + 10_000).toISOString() },
    });

    await expect(sendNewsletter(ID, w.deps)).rejects.toBeInstanceOf(SendInProgressError);

    expect(w.sent).toEqual([]);
    expect(w.newsletters.repo.claimDelivery).not.toHaveBeenCalled();
    expect(w.newsletters.row).toMatchObject({ status: 'sending', leaseId: 'other-run' });
  });

  it('stops at once when another run took the lease over after a page', async () => {
    const list = subscribersNumbered(BATCH_SIZE * 2);
    const w = world({ subscribers: list });
    // After the first page, another run holds the lease (ours ran out while it was slow).
    w.newsletters.repo.saveCursor.mockImplementationOnce(async (_id, cursor) => {
      w.newsletters.row.cursor = cursor as Record<string, string>;
      w.newsletters.row.leaseId = 'other-run';
      w.newsletters.row.leaseUntil = new Date(START + LEASE_MS * 2).toISOString();
    });

    await expect(sendNewsletter(ID, w.deps)).rejects.toBeInstanceOf(SendInProgressError);

    expect(w.sent).toHaveLength(BATCH_SIZE);
    expect(w.newsletters.row).toMatchObject({ status: 'sending', leaseId: 'other-run' });
  });

  it(`hands over to a new run after SENDS_PER_RUN (${SENDS_PER_RUN}) emails, which finishes the send`, async () => {
    // Arrange: more than one run's worth.
    const total = SENDS_PER_RUN + BATCH_SIZE * 2 + 7;
    const list = subscribersNumbered(total);
    const w = world({ subscribers: list });

    // Act: the first run.
    await sendNewsletter(ID, w.deps);

    // Assert: it stopped after a whole page at or past SENDS_PER_RUN, released its lease and
    // asked for a new run instead of finishing.
    const firstRun = Math.ceil(SENDS_PER_RUN / BATCH_SIZE) * BATCH_SIZE;
    expect(w.sent).toHaveLength(firstRun);
    expect(w.newsletters.repo.finish).not.toHaveBeenCalled();
    expect(w.newsletters.row).toMatchObject({ status: 'sending', sentCount: firstRun });
    expect(w.newsletters.row.leaseId).toBeUndefined();
    expect(w.newsletters.row.cursor).toMatchObject({ GSI3SK: list[firstRun - 1]!.subscribedAt });
    expect(w.published).toEqual([
      {
        detailType: 'NewsletterSendRequested',
        detail: { version: 1, newsletterId: ID, requestedAt: new Date(START).toISOString() },
      },
    ]);

    // Act: the new run, at once (no lease to wait for).
    await sendNewsletter(ID, w.deps);

    // Assert
    expectEachMailedOnce(w.sent, list);
    expect(w.published).toHaveLength(1);
    expect(w.newsletters.repo.finish).toHaveBeenCalledTimes(1);
    expect(w.newsletters.row).toMatchObject({ status: 'sent', sentCount: total, recipientCount: total });
  });

  it('hands over at exactly SENDS_PER_RUN too (the page said there may be more); the new run finds none and finishes', async () => {
    const list = subscribersNumbered(SENDS_PER_RUN);
    const w = world({ subscribers: list });

    await sendNewsletter(ID, w.deps);
    expect(w.published).toHaveLength(1);
    expect(w.newsletters.row.status).toBe('sending');
    await sendNewsletter(ID, w.deps);

    expectEachMailedOnce(w.sent, list);
    expect(w.published).toHaveLength(1);
    expect(w.newsletters.row).toMatchObject({ status: 'sent', recipientCount: SENDS_PER_RUN });
  });

  it('a second run after the send finished changes nothing', async () => {
    const list = subscribersNumbered(3);
    const w = world({ subscribers: list });
    await sendNewsletter(ID, w.deps);
    const after = structuredClone(w.newsletters.row);

    await sendNewsletter(ID, w.deps);

    expect(w.sent).toHaveLength(3);
    expect(w.newsletters.row).toEqual(after);
  });
});
