/**
 * The two public forms, end to end down to the mailbox: the newsletter signup (home page and
 * footer, its toasts, the double opt-in's confirmation link and page, the welcome email) and the contact form (spec §5 rule, the message
 * delivered to the shop's inbox).
 */
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, expectToast, readMailbox, waitForBusIdle, waitForEmail, type MailboxEmail } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** The POST requests the page sends to one API path, to prove that an invalid form sends nothing. */
function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    // The page calls the API on its own origin, under /api.
    if (request.method() === 'POST' && request.url() === `${shop.webUrl}/api${path}`) posts.push(request);
  });
  return posts;
}

describe('the newsletter signup', () => {
  it('signs up from the home page, confirms by the emailed link, is welcomed, and a second sign-up tells nothing', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    const posts = recordPosts(page, '/newsletter/subscribers');
    const email = `newsletter-${randomUUID().slice(0, 8)}@example.ch`;
    const toAddress = async () =>
      (await readMailbox(shop.mailboxUrl)).filter((message) => message.destination.to.includes(email));
    await page.goto('/');
    const signup = page.getByRole('main').getByRole('region', { name: 'A quiet letter, a few times a season' });
    const field = signup.getByRole('textbox', { name: 'Email address' });

    // Required and of type email, checked before anything is sent.
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await signup.getByRole('alert').getByText('Please enter your email address.', { exact: true }).waitFor();
    await field.fill('not-an-address');
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await signup.getByRole('alert').getByText('Please enter a valid email address.', { exact: true }).waitFor();
    expect(posts).toHaveLength(0);

    await field.fill(email);
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Check your inbox', 'We have sent you a link to confirm your subscription.');
    expect(await field.inputValue()).toBe('');

    // Double opt-in: a confirmation link first, no welcome until it is followed.
    const confirmation = await waitForEmail(shop.mailboxUrl, (message) => message.destination.to.includes(email));
    expect(confirmation.subject).toBe('Please confirm your LINEA newsletter subscription');
    const link = /href="([^"]*\/newsletter\/confirm\?[^"]*)"/
      .exec(confirmation.body.html ?? '')?.[1]
      ?.replaceAll('&amp;', '&');
    expect(link).toBeTruthy();

    // Opening the link confirms nothing (a mail scanner would); the button does.
    await page.goto(link!);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor();
    await main.getByText(`Receive the LINEA newsletter at ${email}?`).waitFor();
    await waitForBusIdle(shop);
    expect(await toAddress()).toHaveLength(1);
    await main.getByRole('button', { name: 'Confirm subscription' }).click();
    await main.getByRole('heading', { level: 1, name: 'You are subscribed' }).waitFor();
    expect(await main.getByRole('status').innerText()).toContain(email);

    const welcome = await waitForEmail(
      shop.mailboxUrl,
      (message) => message.destination.to.includes(email) && message.subject === 'Welcome to LINEA',
    );
    expect(welcome.destination.to).toEqual([email]);
    expect(welcome.body.text ?? welcome.body.html).toContain('Thank you for subscribing');

    // The same address again: the same answer as a new one; its owner gets a note, not a link.
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Check your inbox', 'We have sent you a link to confirm your subscription.');
    expect(posts).toHaveLength(2);
    await waitForEmail(
      shop.mailboxUrl,
      (message) =>
        message.destination.to.includes(email) && message.subject === 'You already receive the LINEA newsletter',
    );

    // Once the bus is idle, no second welcome (or link) can still be on its way.
    await waitForBusIdle(shop);
    expect((await toAddress()).map((message) => message.subject).sort()).toEqual([
      'Please confirm your LINEA newsletter subscription',
      'Welcome to LINEA',
      'You already receive the LINEA newsletter',
    ]);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the contact form', () => {
  it('refuses a message with a required field missing, then delivers the complete one to the shop', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    const posts = recordPosts(page, '/contact');
    const subject = `Sizing ${randomUUID().slice(0, 8)}`;
    const message = 'Does the Tailored Wool Coat run large? I usually wear M.';
    await page.goto('/contact');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'We are here to help' }).waitFor();
    const name = main.getByRole('textbox', { name: 'Name', exact: true });
    const email = main.getByRole('textbox', { name: 'Email', exact: true });
    const subjectField = main.getByRole('textbox', { name: 'Subject (optional)' });
    const messageField = main.getByRole('textbox', { name: 'Message', exact: true });

    await name.fill('Lea Meier');
    await email.fill('lea@example.ch');
    await subjectField.fill(subject);
    await main.getByRole('button', { name: 'Send Message' }).click();
    await main.getByRole('alert').getByText('Please fill in all required fields', { exact: true }).waitFor();
    // Focus goes to what is missing, and the shopper's text stays.
    expect(await messageField.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await name.inputValue()).toBe('Lea Meier');
    expect(posts).toHaveLength(0);

    await messageField.fill(message);
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message sent successfully', "We'll get back to you within 24 hours.");
    for (const field of [name, email, subjectField, messageField]) expect(await field.inputValue()).toBe('');
    expect(await main.getByRole('alert').count()).toBe(0);
    expect(posts).toHaveLength(1);

    const isOurs = (mail: MailboxEmail) => mail.subject.includes(subject);
    const delivered = await waitForEmail(shop.mailboxUrl, isOurs);
    expect(delivered.destination.to).toEqual(['team@linea.local']);
    expect(delivered.body.text ?? delivered.body.html).toContain(message);
    expect(delivered.body.text ?? delivered.body.html).toContain('lea@example.ch');
    // The refused attempt sent nothing: one message, once the bus has nothing left to deliver.
    await waitForBusIdle(shop);
    expect((await readMailbox(shop.mailboxUrl)).filter(isOurs)).toHaveLength(1);

    expect(problems).toEqual([]);
    await context.close();
  });
});
