/**
 * The storefront's server side through the public API: wishlist isolation, the contact message
 * reaching the shop's inbox through the bus, search, the sitemap and robots.txt.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMailCooldowns } from '../../functions/data/mail-cooldowns';
import {
  admitted,
  api,
  documentClient,
  endpoints,
  signUp,
  storedEmails,
  waitForBusIdle,
  waitForEmail,
  waitForEmailWhere,
} from './helpers';

describe('wishlist', () => {
  it('keeps each shopper’s saved products to themselves', async () => {
    const [lea, max] = await Promise.all([signUp(), signUp()]);
    const { body: catalogue } = await api<{ items: { id: string }[] }>('/products');
    const [first, second] = catalogue.items;

    expect((await api(`/wishlist/${first!.id}`, { method: 'PUT', token: lea.idToken })).status).toBe(204);
    expect((await api(`/wishlist/${second!.id}`, { method: 'PUT', token: lea.idToken })).status).toBe(204);
    expect((await api(`/wishlist/${first!.id}`, { method: 'PUT', token: lea.idToken })).status).toBe(204);

    const leas = await api<{ items: { id: string }[] }>('/wishlist', { token: lea.idToken });
    expect(leas.body.items.map((p) => p.id).sort()).toEqual([first!.id, second!.id].sort());
    const maxs = await api<{ items: unknown[] }>('/wishlist', { token: max.idToken });
    expect(maxs.body.items).toEqual([]);

    // Max removing Lea's entry changes nothing for Lea.
    expect((await api(`/wishlist/${first!.id}`, { method: 'DELETE', token: max.idToken })).status).toBe(204);
    expect((await api<{ items: unknown[] }>('/wishlist', { token: lea.idToken })).body.items).toHaveLength(2);

    expect((await api(`/wishlist/${first!.id}`, { method: 'DELETE', token: lea.idToken })).status).toBe(204);
    const after = await api<{ items: { id: string }[] }>('/wishlist', { token: lea.idToken });
    expect(after.body.items.map((p) => p.id)).toEqual([second!.id]);
  });

  it('answers in the language asked for', async () => {
    const shopper = await signUp();
    expect((await api('/wishlist/lambswool-scarf', { method: 'PUT', token: shopper.idToken })).status).toBe(204);

    const german = await api<{ items: { name: string; colorNames: Record<string, string> }[] }>('/wishlist?lang=de', {
      token: shopper.idToken,
    });
    expect(german.body.items).toEqual([
      expect.objectContaining({ name: 'Schal aus Lammwolle', colorNames: { Camel: 'Camel', Charcoal: 'Anthrazit' } }),
    ]);
    const english = await api<{ items: { name: string }[] }>('/wishlist', { token: shopper.idToken });
    expect(english.body.items.map((item) => item.name)).toEqual(['Lambswool Scarf']);
  });

  it('refuses anonymous callers and unknown products', async () => {
    expect((await api('/wishlist')).status).toBe(401);
    const shopper = await signUp();
    const res = await api('/wishlist/no-such-product', { method: 'PUT', token: shopper.idToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('contact form', () => {
  it('stores the message and delivers it to the shop inbox with the shopper as Reply-To', async () => {
    const subject = `Sizing ${randomUUID().slice(0, 8)}`;
    const res = await api('/contact', {
      method: 'POST',
      json: { name: 'Lea Meier', email: 'lea@example.ch', subject, message: 'Does the coat run large?', locale: 'de' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String) });

    const email = await waitForEmailWhere((e) => e.subject.includes(subject), `with subject "${subject}"`);
    expect(email.destination.to).toEqual(['team@linea.local']);
    expect(email.body.text ?? email.body.html).toContain('Does the coat run large?');
  });

  it('sends the shopper a fixed receipt in their language and the shop its copy in Zürich time', async () => {
    const run = randomUUID().slice(0, 8);
    const shopper = `lea-${run}@example.ch`;
    const subject = `Ärmel ${run}`;
    const message = 'Fällt der Mantel gross aus?\nIch trage sonst <M>.';
    const res = await api<{ receivedAt: string }>('/contact', {
      method: 'POST',
      json: { name: 'Lea Meier', email: shopper, subject, message, locale: 'de' },
    });
    expect(res.status).toBe(201);

    // The emulator's store also keeps Reply-To, which helpers' Email leaves out.
    type Stored = Awaited<ReturnType<typeof waitForEmailWhere>> & { replyTo?: string[] };
    const receipt: Stored = await waitForEmail(shopper);
    expect(receipt.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(receipt.replyTo).toEqual(['team@linea.local']);
    expect(receipt.body.text).toContain('Wir antworten Ihnen innert 24 Stunden.');
    for (const typed of ['Lea Meier', subject, 'Mantel']) {
      expect(receipt.body.text).not.toContain(typed);
      expect(receipt.body.html).not.toContain(typed);
    }

    const copy: Stored = await waitForEmailWhere((e) => e.subject === `Contact message: ${subject}`, 'the shop copy');
    expect(copy.destination.to).toEqual(['team@linea.local']);
    expect(copy.replyTo).toEqual([shopper]);
    const zurich = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(res.body.receivedAt));
    expect(copy.body.text).toMatch(
      new RegExp(`Received: [A-Z][a-z]+day, \\d{1,2} [A-Z][a-z]+ \\d{4}, ${zurich} \\(Zürich time\\)`),
    );
    expect(copy.body.text).toContain('Language: German');
    expect(copy.body.text).not.toContain('(de)');
    expect(copy.body.text).toContain('> Fällt der Mantel gross aus?\n> Ich trage sonst <M>.');
    expect(copy.body.html).toContain('Ich trage sonst &lt;M&gt;.');
  });

  it('refuses text holding a lone surrogate with 400 naming the field, so no undeliverable message is accepted', async () => {
    const { status, body } = await api('/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Anna","email":"anna@example.ch","message":"Hallo \\ud800 zusammen"}',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'message' }] } });
  });

  it('names every missing required field', async () => {
    const res = await api('/contact', { method: 'POST', json: { name: '', email: 'x@example.ch', message: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      details: { fields: [expect.objectContaining({ field: 'name' }), expect.objectContaining({ field: 'message' })] },
    });
  });

  it('sends an address one receipt for messages in a row (two at once, then a third), and the team every message', async () => {
    const run = randomUUID().slice(0, 8);
    const shopper = `busy-${run}@example.ch`;
    const send = (n: number) =>
      admitted(() =>
        api('/contact', {
          method: 'POST',
          json: {
            name: 'Lea',
            email: n === 3 ? shopper.toUpperCase() : shopper,
            subject: `Row ${run} ${n}`,
            message: 'Hi',
            locale: 'en',
          },
        }),
      );
    const sent = await Promise.all([send(1), send(2)]);
    expect([...sent, await send(3)].map((res) => res.status)).toEqual([201, 201, 201]);

    await waitForBusIdle();
    const mail = await storedEmails();
    expect(mail.filter((e) => e.destination.to.some((to) => to.toLowerCase() === shopper))).toHaveLength(1);
    expect(mail.filter((e) => e.subject.startsWith(`Contact message: Row ${run}`))).toHaveLength(3);
  });

  it('keeps a cooldown on DynamoDB Local: refused to another event while it runs, never to its own, over when it ends', async () => {
    const cooldowns = createMailCooldowns(documentClient(), () => endpoints().tableName);
    const address = `cooldown-${randomUUID().slice(0, 8)}@example.ch`;
    const t0 = new Date();
    const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

    expect(await cooldowns.start(address, 'test', 'event-a', t0, 600)).toBe(true);
    expect(await cooldowns.start(` ${address.toUpperCase()}`, 'test', 'event-b', later(599), 600)).toBe(false);
    expect(await cooldowns.start(address, 'other-kind', 'event-b', later(1), 600)).toBe(true);
    expect(await cooldowns.start(address, 'test', 'event-a', later(30), 600)).toBe(true);
    // The holder's retry started it again at 30 s.
    expect(await cooldowns.start(address, 'test', 'event-b', later(629), 600)).toBe(false);
    expect(await cooldowns.start(address, 'test', 'event-b', later(630), 600)).toBe(true);
  });
});

describe('search, sitemap and robots.txt', () => {
  it('finds products by a word of their name, ignoring case', async () => {
    const { body } = await api<{ items: { name: string }[] }>('/products?q=WOOL');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items[0]!.name.toLowerCase()).toContain('wool');
  });

  it('serves a sitemap of the storefront, every product included', async () => {
    const res = await api<string>('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const { webUrl } = endpoints();
    expect(res.body).toContain(`<loc>${webUrl}/product/cashmere-roll-neck</loc>`);
    expect(res.body).toContain(`<loc>${webUrl}/products?category=outerwear</loc>`);
  });

  it('serves robots.txt beside the web app, pointing at the sitemap', async () => {
    const { webUrl } = endpoints();
    const res = await fetch(`${webUrl}/robots.txt`);
    expect(res.status).toBe(200);
    // The API's sitemap, on the site's own origin (as CloudFront's /api/* serves it).
    expect(await res.text()).toContain(`Sitemap: ${webUrl}/api/sitemap.xml`);
  });
});
