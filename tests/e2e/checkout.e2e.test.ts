/**
 * The money path as a shopper meets it: the checkout form, the Stripe stand-in's hosted page,
 * the confirmation page, the cart and the mailbox. Each journey uses its own product line and
 * email, so they do not depend on one another.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  addToCart,
  browserForSuite,
  eventually,
  expectToast,
  PATIENCE_MS,
  readMailbox,
  signInThroughUi,
  signUpShopper,
  waitForEmail,
} from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const CART_KEY = 'linea-cart';
const TEE = { path: '/product/essential-organic-tee', name: 'Essential Organic Tee' };

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Cart|Warenkorb), / });
const uniqueEmail = (label: string) => `e2e-${label}-${Math.random().toString(36).slice(2, 10)}@example.ch`;

/** Terms and their definitions in a region (a `dl`), whitespace folded: "Total" -> "CHF 95.20". */
async function definitions(region: Locator): Promise<Record<string, string>> {
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
  const terms = (await region.getByRole('term').allInnerTexts()).map(clean);
  const values = (await region.getByRole('definition').allTextContents()).map(clean);
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}

interface Labels {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  zipCode: string;
}
const FORM_EN: Labels = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  address: 'Address',
  city: 'City',
  zipCode: 'ZIP Code',
};

async function fillCheckout(main: Locator, email: string | undefined, labels: Labels = FORM_EN): Promise<void> {
  // Exact: the footer's newsletter field is labelled "Email address".
  if (email !== undefined) await main.getByLabel(labels.email, { exact: true }).fill(email);
  await main.getByLabel(labels.firstName, { exact: true }).fill('Anna');
  await main.getByLabel(labels.lastName, { exact: true }).fill('Muster');
  await main.getByLabel(labels.address, { exact: true }).fill('Bahnhofstrasse 1');
  await main.getByLabel(labels.city, { exact: true }).fill('Zürich');
  await main.getByLabel(labels.zipCode, { exact: true }).fill('8001');
}

/**
 * On the Stripe stand-in's page: the name for the card, then one of its buttons. The shopper gave
 * the address on the shop's checkout, so the page asks for none.
 */
async function payOnStripe(page: Page, button: string, nameLabel = 'Full name') {
  await page.waitForURL(/\/c\/pay\/cs_/);
  // The email is shown, not asked for; the name is the only field.
  expect(await page.locator('input:not([readonly]):not([type="hidden"]), select').count()).toBe(1);
  await page.getByLabel(nameLabel, { exact: true }).fill('Anna Muster');
  await page.getByRole('button', { name: button, exact: true }).click();
}

const sessionIdIn = (url: string): string => /cs_[A-Za-z0-9_]+/.exec(url)?.[0] ?? '';

async function storedCartLines(page: Page): Promise<number> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  return (JSON.parse(raw ?? '{}') as { state?: { lines?: unknown[] } }).state?.lines?.length ?? 0;
}

describe('checkout', () => {
  it('a guest pays on the hosted page, sees the confirmation, finds the cart empty and the email in the mailbox', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    const email = uniqueEmail('guest');
    await page.goto(TEE.path);
    await addToCart(page, { size: 'M', color: 'Black', quantity: 2 });
    await expectToast(page, 'Added to cart', `2 × ${TEE.name} (M, Black)`);

    await page.goto('/cart');
    await page.getByRole('main').getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillCheckout(main, email);
    await main.getByLabel('Promo code', { exact: true }).fill('welcome10');
    await main.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page, 'Promo code applied!', 'You saved 10% on your order.');
    // 2 x 49.00 = 98.00, minus 10 % = 9.80, plus 7.00 shipping; the VAT part of 95.20 is 7.13.
    const summary = await definitions(main.getByRole('region', { name: 'Order Summary' }));
    expect(summary).toMatchObject({
      Subtotal: 'CHF 98.00',
      'Shipping Flat rate within Switzerland': 'CHF 7.00',
      'Discount (WELCOME10) Remove': '−CHF 9.80',
      Total: 'CHF 95.20',
      'incl. VAT (8.1%)': 'CHF 7.13',
    });

    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/c\/pay\/cs_/);
    // The hosted page charges exactly what the shop showed.
    await page.getByText('CHF 95.20').first().waitFor();
    await payOnStripe(page, 'Pay');

    await page.waitForURL(/\/order-confirmation\/cs_/);
    const confirmation = page.getByRole('main');
    await confirmation.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' }).waitFor();
    const details = confirmation.getByRole('region', { name: 'Order Details' });
    await eventually(async () => (await definitions(details)).Status).toBe('Confirmed');
    const number = (await definitions(details))['Order number'] ?? '';
    expect(number).toMatch(/^[0-9A-F]{8}$/);
    expect(await definitions(confirmation.getByRole('region', { name: 'Order Summary' }))).toMatchObject({
      Total: 'CHF 95.20',
    });
    for (const name of ['Continue Shopping', 'Contact Us', 'My Account']) {
      await confirmation.getByRole('link', { name }).waitFor();
    }

    await eventually(() => cartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(await storedCartLines(page)).toBe(0);

    const mail = await waitForEmail(shop.mailboxUrl, (message) => message.destination.to.includes(email));
    expect(mail.subject).toBe(`Your LINEA order ${number}`);
    expect(mail.body.text).toContain('Essential Organic Tee');
    expect(mail.body.text).toMatch(/CHF\s95\.20/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in shopper pays later and sees the status turn from pending to confirmed', async () => {
    const shopper = await signUpShopper(shop, 'Lea');
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    await page.goto(TEE.path);
    await addToCart(page, { size: 'S', color: 'Chalk' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (S, Chalk)`);

    await page.goto('/checkout');
    const main = page.getByRole('main');
    // The account's email and names are there already.
    await eventually(() => main.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
    expect(await main.getByLabel('First Name', { exact: true }).inputValue()).toBe('Lea');
    await fillCheckout(main, undefined);
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnStripe(page, 'Pay later');

    await page.waitForURL(/\/order-confirmation\/cs_/);
    const details = page.getByRole('main').getByRole('region', { name: 'Order Details' });
    await eventually(async () => (await definitions(details)).Status).toBe('Pending');
    await page.getByText('Your payment is being processed. This page updates automatically.').waitFor();
    // Still pending: the cart is kept until the money arrives.
    expect(await storedCartLines(page)).toBe(1);

    await eventually(async () => (await definitions(details)).Status, 3 * PATIENCE_MS).toBe('Confirmed');
    await eventually(() => storedCartLines(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a declined card leaves the shopper on the payment page, the order pending and the cart intact', async () => {
    const { page, context } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto(TEE.path);
    await addToCart(page, { size: 'L', color: 'Stone' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (L, Stone)`);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await fillCheckout(main, uniqueEmail('declined'));
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnStripe(page, 'Decline');

    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(/\/c\/pay\/cs_/);
    const response = await fetch(`${shop.apiUrl}/orders/from-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: sessionIdIn(page.url()) }),
    });
    expect(((await response.json()) as { status: string }).status).toBe('pending');

    await page.goto('/cart');
    await page.getByRole('main').getByText(`${TEE.name} (L, Stone)`).first().waitFor();
    expect(await storedCartLines(page)).toBe(1);
    await context.close();
  });

  it('cancel on the payment page brings the shopper back with the cart and details kept, and frees the stock', async () => {
    const { page, context } = await browser.openShop({ reducedMotion: 'reduce' });
    const email = uniqueEmail('cancel');
    await page.goto(TEE.path);
    await addToCart(page, { size: 'XS', color: 'Black' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (XS, Black)`);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await fillCheckout(main, email);
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/c\/pay\/cs_/);
    const sessionId = sessionIdIn(page.url());
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await page.waitForURL('**/checkout?cancelled=1');
    await page.getByRole('main').getByText('Payment cancelled').waitFor();
    expect(await page.getByRole('main').getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await storedCartLines(page)).toBe(1);
    const order = async () =>
      (
        (await (
          await fetch(`${shop.apiUrl}/orders/from-session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ sessionId }),
          })
        ).json()) as { status: string }
      ).status;
    await eventually(order).toBe('cancelled');
    await context.close();
  });

  it('the German checkout: form, promo code, the hosted page and the confirmation, all in German', async () => {
    const cart = {
      state: {
        lines: [
          {
            id: 'merino-crew-sweater',
            name: 'Merino Crew Sweater',
            price: 14_900,
            size: 'M',
            color: 'Navy',
            image: '/images/products/merino-crew-sweater-3.svg',
            quantity: 1,
          },
        ],
      },
      version: 1,
    };
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      locale: 'de-CH',
      storage: { language: 'de', [CART_KEY]: JSON.stringify(cart) },
    });
    const email = uniqueEmail('de');
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await fillCheckout(main, email, {
      email: 'E-Mail',
      firstName: 'Vorname',
      lastName: 'Nachname',
      address: 'Adresse',
      city: 'Ort',
      zipCode: 'PLZ',
    });
    await main.getByLabel('Promo-Code', { exact: true }).fill('FREESHIP');
    await main.getByRole('button', { name: 'Anwenden' }).click();
    await expectToast(page, 'Promo-Code angewendet!', 'Kostenloser Versand für Ihre Bestellung!');
    expect(await definitions(main.getByRole('region', { name: 'Bestellübersicht' }))).toMatchObject({
      Total: 'CHF 149.00',
    });

    await main.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.waitForURL(/\/c\/pay\/cs_/);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await payOnStripe(page, 'Bezahlen', 'Vollständiger Name');

    await page.waitForURL(/\/order-confirmation\/cs_/);
    const confirmation = page.getByRole('main');
    await confirmation.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihren Einkauf!' }).waitFor();
    const details = confirmation.getByRole('region', { name: 'Bestelldetails' });
    await eventually(async () => (await definitions(details)).Status).toBe('Bestätigt');
    const mail = await waitForEmail(shop.mailboxUrl, (message) => message.destination.to.includes(email));
    expect(mail.subject).toMatch(/^Ihre LINEA-Bestellung [0-9A-F]{8}$/);
    expect((await readMailbox(shop.mailboxUrl)).filter((m) => m.destination.to.includes(email))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
