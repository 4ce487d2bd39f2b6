/**
 * The back office (issue 11) as the shop's owner meets it: signing in at /admin-login (and a
 * customer refused), the orders desk (a manual order, search, details, a status change that
 * reaches the customer's mailbox, the CSV), the figures with their tables, German, and axe on
 * every tab in both themes. A shopper's pages never download the admin code or its texts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import {
  browserForSuite,
  eventually,
  expectToast,
  languageSwitcher,
  signUpShopper,
  waitForEmail,
  type ShopOptions,
} from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

async function signInAsAdmin(page: Page, credentials = { email: shop.adminEmail, password: shop.adminPassword }) {
  await page.goto('/admin-login');
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(credentials.email);
  await main.getByLabel('Password', { exact: true }).fill(credentials.password);
  await main.getByRole('button', { name: 'Access Admin Panel' }).click();
}

/** The admin's ID token, as the page holds it, for checking what the API says. */
async function adminToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

/** A product's id as the server makes it from its name. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function openAdmin(options: ShopOptions = {}) {
  const shopPage = await browser.openShop({ reducedMotion: 'reduce', ...options });
  await signInAsAdmin(shopPage.page);
  await shopPage.page.waitForURL(/\/admin(\?|$)/);
  await shopPage.page.getByRole('tablist').waitFor();
  return shopPage;
}

/** Places a manual order through the dialog, as the owner would for a phone order. */
async function createManualOrder(page: Page, customer: { email: string; firstName: string; lastName: string }) {
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Orders' }).click();
  await main.getByRole('button', { name: 'Create Manual Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Manual Order' });
  await dialog.getByLabel('Email', { exact: true }).fill(customer.email);
  await dialog.getByLabel('First name', { exact: true }).fill(customer.firstName);
  await dialog.getByLabel('Last name', { exact: true }).fill(customer.lastName);
  await dialog.getByLabel('Address', { exact: true }).fill('Seestrasse 4');
  await dialog.getByLabel('ZIP code', { exact: true }).fill('6004');
  await dialog.getByLabel('City', { exact: true }).fill('Luzern');
  // Without a product the form says so and sends nothing.
  await dialog.getByRole('button', { name: 'Create Order' }).click();
  await dialog.getByText('Please select a product').waitFor();

  await dialog.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: /^Essential Organic Tee/ }).click();
  await dialog.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: 'M', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Colour' }).click();
  await page.getByRole('option', { name: 'Black', exact: true }).click();
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel(/^Custom price \(CHF\)/).fill('40');
  // 2 × CHF 40.00 + CHF 10.00 shipping (spec §9).
  await eventually(() => dialog.innerText()).toMatch(/Total\s*CHF\s*90\.00/);
  await dialog.getByRole('button', { name: 'Create Order' }).click();
  await expectToast(
    page,
    'Order Created',
    `Manual order created successfully for ${customer.firstName} ${customer.lastName}`,
  );
  await dialog.waitFor({ state: 'detached' });
}

describe('the admin back office', () => {
  it('keeps its code and texts out of the storefront', async () => {
    const { page, context } = await browser.openShop({ reducedMotion: 'reduce' });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    await page.goto('/');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/products');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const code = await (await fetch(url)).text();
      expect(code, url).not.toContain('Access Admin Panel');
      expect(code, url).not.toContain('Manual order created successfully');
    }
    await context.close();
  });

  it('lets only an admin in: a wrong password and a customer get Access Denied; sign-out returns to /admin-login', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await page.goto('/admin');
    await page.waitForURL('**/admin-login');
    await page.getByRole('heading', { level: 1, name: 'Admin Access' }).waitFor();

    await signInAsAdmin(page, { email: shop.adminEmail, password: 'not-the-password-1A!' });
    await expectToast(page, 'Access Denied', 'Invalid password');
    expect(page.url()).toMatch(/\/admin-login$/);

    const customer = await signUpShopper(shop, 'Noor');
    await signInAsAdmin(page, customer);
    await expectToast(page, 'Access Denied', 'Invalid password');
    await page.goto('/admin');
    await page.waitForURL('**/admin-login');

    await signInAsAdmin(page);
    await expectToast(page, 'Welcome to Admin Panel');
    await page.waitForURL(/\/admin$/);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const tabs = main.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Overview',
      'Orders',
      'Analytics',
      'Products',
      'Newsletter',
      'Promo Codes',
      'Activity Logs',
    ]);
    // A reload keeps the session and the tab.
    await main.getByRole('tab', { name: 'Analytics' }).click();
    await page.waitForURL('**/admin?tab=analytics');
    await page.reload();
    await main.getByRole('tab', { name: 'Analytics', selected: true }).waitFor();

    await main.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin-login');
    await page.goto('/admin');
    await page.waitForURL('**/admin-login');
    // Cognito answers a wrong password with a 400, which the browser logs; nothing else may fail.
    expect(problems.filter((problem) => !problem.includes(`(${shop.cognitoEndpoint}`))).toEqual([]);
    await context.close();
  });

  it('takes a manual order, finds it, shows its details, ships it with a tracking link the customer receives, and exports it', async () => {
    const { page, context } = await openAdmin();
    const main = page.getByRole('main');
    const customer = { email: `mia-${randomUUID().slice(0, 8)}@example.ch`, firstName: 'Mia', lastName: 'Keller' };
    await createManualOrder(page, customer);
    await waitForEmail(shop.mailboxUrl, (email) => email.destination.to.includes(customer.email));

    // Search on the server, by a part of the email in another case.
    await main.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email.slice(0, 12).toUpperCase());
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=/);
    const entry = main.getByRole('article', { name: /^Order #[0-9A-F]{8}$/ });
    await eventually(() => entry.count()).toBe(1);
    const text = await entry.innerText();
    expect(text).toContain('Mia Keller');
    expect(text).toContain(customer.email);
    expect(text).toContain('Confirmed');
    expect(text).toMatch(/CHF\s*90\.00/);
    expect(text).not.toContain('$');
    const number = /Order #([0-9A-F]{8})/.exec(text)?.[1] ?? '';

    // Details, in the URL: a reload opens the same order.
    await entry.getByRole('button', { name: `Details of order #${number}` }).click();
    let dialog = page.getByRole('dialog', { name: `Details of order #${number}` });
    await dialog.waitFor();
    await page.waitForURL(/[?&]order=/);
    await page.reload();
    await eventually(() => dialog.innerText()).toMatch(/CHF\s*40\.00 × 2/);
    const details = await dialog.innerText();
    // The order keeps the texts of its language: the customer's emails are in German.
    expect(details).toContain('T-Shirt aus Bio-Baumwolle');
    expect(details).toContain('Switzerland');
    expect(details).toMatch(/CHF\s*40\.00 × 2/);
    expect(details).toMatch(/Subtotal\s*CHF\s*80\.00/);
    expect(details).toMatch(/Shipping\s*CHF\s*10\.00/);
    expect(details).toContain('Seestrasse 4');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Ship it with Swiss Post: the tracking URL fills itself in and stays editable.
    await entry.getByRole('button', { name: 'Update Order Status' }).click();
    dialog = page.getByRole('dialog', { name: `Update status of order #${number}` });
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Shipped' }).click();
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Swiss Post' }).click();
    const trackingNumber = `99.00.${Date.now().toString().slice(-6)}.12345678`;
    await dialog.getByLabel('Tracking number').fill(trackingNumber);
    const trackingUrl = dialog.getByLabel(/^Tracking URL/);
    await eventually(() => trackingUrl.inputValue()).toContain('service.post.ch');
    await dialog.getByLabel(/^Message to the customer/).fill('Packed with care in Zürich.');
    await dialog.getByRole('button', { name: 'Update Order Status' }).click();
    await expectToast(page, 'Order Updated', 'Order status updated and customer notified via email.');
    await eventually(() => entry.innerText()).toContain('Shipped');
    expect(await entry.innerText()).toContain(trackingNumber);

    const shipped = await waitForEmail(
      shop.mailboxUrl,
      (email) => email.destination.to.includes(customer.email) && (email.body.html ?? '').includes('service.post.ch'),
    );
    expect(shipped.body.html).toContain('Packed with care in Zürich.');

    // The CSV of this search: one order, with a BOM for Excel.
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(customer.email);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

    // The activity log has the export at its top (who took which customers' data, with which
    // search and how many rows), and below it the change: who, what, and the fields it changed.
    await main.getByRole('tab', { name: 'Activity Logs' }).click();
    const rows = main.getByRole('table', { name: 'Activity Logs' }).getByRole('row');
    await eventually(() => rows.nth(1).innerText()).toContain('Exported');
    const exported = await rows.nth(1).innerText();
    expect(exported).toContain('rows: 1');
    expect(exported).toContain(shop.adminEmail);
    const logged = await rows.nth(2).innerText();
    expect(logged).toContain('status: shipped');
    expect(logged).toContain('Updated');
    expect(logged).toContain('orders');
    expect(logged).toContain(shop.adminEmail);
    await main.getByRole('tab', { name: 'Orders' }).click();

    // A search that matches nothing says so.
    await main.getByRole('searchbox', { name: 'Search orders' }).fill(`nobody-${randomUUID()}`);
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByText('No orders found matching your search').waitFor();
    await context.close();
  });

  it('shows the figures as charts with their tables, a period chooser, and the whole back office in German', async () => {
    const { page, context } = await openAdmin();
    const main = page.getByRole('main');
    for (const label of ['Total revenue', 'Orders', 'Customers', 'Conversion rate']) {
      await main
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor();
    }
    await main.getByText('Total orders placed').waitFor();
    await main.getByText('Unique customers').waitFor();
    await main.getByText('Orders per customer').waitFor();
    const revenueChart = main.getByRole('figure', { name: 'Revenue per day · Last 30 days' });
    await revenueChart.locator('.recharts-surface').waitFor();
    await revenueChart.getByText('Show as a table').click();
    const table = revenueChart.getByRole('table');
    await table.waitFor();
    // A heading row and one row per day.
    expect(await table.getByRole('row').count()).toBe(31);

    await main.getByRole('tab', { name: 'Analytics' }).click();
    await main.getByRole('heading', { name: 'Financial Summary' }).waitFor();
    await main.getByText('Average order value').waitFor();
    await main.getByText('Products listed').waitFor();
    const lastWeek = main.getByRole('radio', { name: 'Last 7 days' });
    await lastWeek.click();
    await page.waitForURL(/days=7/);
    await eventually(() => lastWeek.isChecked()).toBe(true);
    const week = main.getByRole('figure', { name: 'Orders per day · Last 7 days' });
    await week.getByText('Show as a table').click();
    expect(await week.getByRole('table').getByRole('row').count()).toBe(8);
    await main.getByRole('figure', { name: 'Orders by status' }).waitFor();
    await main.getByRole('heading', { name: 'Top products by units' }).waitFor();

    await languageSwitcher(page).getByRole('button', { name: 'Deutsch' }).click();
    await main.getByRole('heading', { level: 1, name: 'Admin-Dashboard' }).waitFor();
    await main.getByRole('heading', { name: 'Finanzübersicht' }).waitFor();
    await main.getByRole('tab', { name: 'Bestellungen' }).click();
    await main.getByRole('button', { name: 'Manuelle Bestellung erfassen' }).waitFor();
    await main.getByRole('searchbox', { name: 'Bestellungen suchen' }).waitFor();
    // The back office's second half speaks German too.
    await main.getByRole('tab', { name: 'Produkte' }).click();
    await main.getByRole('button', { name: 'Produkt hinzufügen' }).waitFor();
    await main
      .getByRole('button', { name: /^Nach unten: / })
      .first()
      .waitFor();
    await main.getByRole('tab', { name: 'Newsletter' }).click();
    await main.getByRole('button', { name: 'Als Entwurf speichern' }).waitFor();
    await main.getByRole('tab', { name: 'Rabattcodes' }).click();
    await main.getByRole('button', { name: 'Rabattcode erstellen' }).waitFor();
    await main.getByRole('tab', { name: 'Aktivitätsprotokoll' }).click();
    await main.getByRole('heading', { name: 'Aktivitätsprotokoll' }).waitFor();
    await context.close();
  });

  it('creates, copies, switches off and on, and deletes promo codes, and the checkout follows', async () => {
    const { page, context } = await openAdmin();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Promo Codes' }).click();
    const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;

    // A typed code is upper-cased; a generated one has 8 characters from A–Z and 0–9.
    await main.getByLabel(/^Code/).fill(code.toLowerCase());
    await main.getByRole('radio', { name: 'Fixed amount' }).check();
    await main.getByLabel('Discount (CHF)').fill('15');
    await main.getByLabel(/^Usage limit/).fill('5');
    await main.getByRole('button', { name: 'Create promo code' }).click();
    await expectToast(page, 'Promo code created successfully!');
    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/CHF\s*15\.00/);
    expect(await row.innerText()).toContain('0 of 5');

    // The same code again is refused, naming the field.
    await main.getByLabel(/^Code/).fill(code);
    await main.getByRole('button', { name: 'Create promo code' }).click();
    await expectToast(page, 'Failed to create promo code');
    await main.getByText('This code exists already.').waitFor();

    await main.getByLabel(/^Code/).fill('');
    await main.getByRole('button', { name: 'Create promo code' }).click();
    await eventually(() => main.getByRole('rowheader').allTextContents()).toContainEqual(
      expect.stringMatching(/^[A-Z0-9]{8}$/),
    );

    await row.getByRole('button', { name: `Copy ${code}` }).click();
    await expectToast(page, 'Promo code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const lookup = () => fetch(`${shop.apiUrl}/promo-codes/${code}`).then((response) => response.status);
    expect(await lookup()).toBe(200);
    await row.getByRole('switch', { name: `Active: ${code}` }).click();
    await expectToast(page, 'Promo code deactivated');
    await eventually(lookup).toBe(404);
    await row.getByRole('switch', { name: `Active: ${code}` }).click();
    await expectToast(page, 'Promo code activated');
    expect(await lookup()).toBe(200);

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete promo code ${code}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();
    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Promo code deleted');
    await row.waitFor({ state: 'detached' });
    expect(await lookup()).toBe(404);
    await context.close();
  });

  it('writes and sends a newsletter: each subscriber gets their own copy with a link that unsubscribes them', async () => {
    const subscriber = `news-${randomUUID().slice(0, 8)}@example.ch`;
    const subscribed = await fetch(`${shop.apiUrl}/newsletter/subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: subscriber, locale: 'de' }),
    });
    expect(subscribed.status).toBe(202);
    // Double opt-in: the subscriber follows the confirmation email's link (the page's button posts this).
    const confirmation = await waitForEmail(
      shop.mailboxUrl,
      (email) => email.destination.to.includes(subscriber) && /\/newsletter\/confirm\?/.test(email.body.text ?? ''),
    );
    const confirmUrl = new URL(/(\S+\/newsletter\/confirm\?\S+)/.exec(confirmation.body.text ?? '')![1]!);
    const confirmed = await fetch(`${shop.apiUrl}/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: confirmUrl.searchParams.get('email'),
        token: confirmUrl.searchParams.get('token'),
      }),
    });
    expect(confirmed.status).toBe(200);

    const { page, context } = await openAdmin();
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Newsletter' }).click();
    await main.getByText(subscriber).waitFor();
    const subject = `Winter notes ${randomUUID().slice(0, 6)}`;
    await main.getByLabel('Title', { exact: true }).fill('The winter edit');
    await main.getByLabel('Subject', { exact: true }).fill(subject);
    await main.getByLabel(/^Content/).fill('Wool, cashmere and time.\n\nSee you in the studio.');
    await main.getByRole('region', { name: 'Preview' }).getByText('See you in the studio.').waitFor();
    await main.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Newsletter saved as a draft');

    const entry = main.getByRole('article', { name: 'The winter edit' }).first();
    await entry.getByText('Draft').waitFor();
    // Without a reply-to address the send is refused with the spec's toast.
    await main.getByLabel(/^Your email address/).fill('');
    await entry.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Email required', 'Please enter your admin email address.');
    await main.getByLabel(/^Your email address/).fill(shop.adminEmail);
    await entry.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Newsletter sent!');
    await eventually(() => entry.innerText()).toMatch(/Sent on .* to \d+ subscribers/);

    const mail = await waitForEmail(
      shop.mailboxUrl,
      (email) => email.destination.to.includes(subscriber) && email.subject === subject,
    );
    expect(mail.destination.to).toEqual([subscriber]);
    const link = /href="([^"]*\/unsubscribe\?[^"]*)"/.exec(mail.body.html ?? '')?.[1]?.replaceAll('&amp;', '&');
    expect(link).toContain('lang=de');

    const reader = await browser.openShop({ reducedMotion: 'reduce' });
    await reader.page.goto(new URL(link!).pathname + new URL(link!).search);
    const readerMain = reader.page.getByRole('main');
    await readerMain.getByText(`Den LINEA-Newsletter nicht mehr an ${subscriber} senden?`).waitFor();
    await readerMain.getByRole('button', { name: 'Abmelden' }).click();
    await readerMain.getByRole('heading', { level: 1, name: 'Sie sind abgemeldet' }).waitFor();
    await reader.context.close();

    await page.reload();
    await main.getByRole('heading', { name: 'Newsletters' }).waitFor();
    await main.getByText('Recent subscribers').waitFor();
    expect(await main.getByText(subscriber).count()).toBe(0);
    await context.close();
  });

  it('uploads product photos straight to the bucket, refuses what is no photo, and the shop serves them in sizes', async () => {
    const { page, context } = await openAdmin();
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Products' }).click();
    const name = `Wool Coat ${randomUUID().slice(0, 5)}`;
    await main.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Double-faced wool, unlined.');
    await form.getByLabel('Price (CHF)').fill('480');
    await form.getByLabel('Stock quantity').fill('3');
    await form.getByLabel('Category', { exact: true }).fill('Outerwear');

    const photo = await sharp({
      create: { width: 1600, height: 2000, channels: 3, background: { r: 120, g: 110, b: 96 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    await form.getByLabel('Upload photos').setInputFiles([
      { name: 'coat-front.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not a photo</p>') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) },
      { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') },
    ]);
    await form.getByText('coat-front.jpg: added to the images').waitFor({ timeout: 20_000 });
    await form.getByText('notes.png: not a photo the shop can read').waitFor({ timeout: 20_000 });
    await form.getByText('huge.jpg: larger than 5 MB').waitFor();
    await form.getByText('page.html: JPEG, PNG, WebP or AVIF only').waitFor();
    // Only the real photo joined the images.
    expect(await form.getByRole('button', { name: /^Remove Photo/ }).count()).toBe(1);
    await form.getByRole('button', { name: 'Save product' }).click();
    await expectToast(page, 'Product added');

    // A phone gets a variant for its width, never the widest one and never the original.
    const shopper = await browser.openShop({
      reducedMotion: 'reduce',
      viewport: { width: 390, height: 844 },
    });
    await shopper.page.goto(`/product/${slug(name)}`);
    const image = shopper.page.getByRole('main').getByRole('img', { name, exact: true });
    await image.waitFor();
    expect(await image.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-1280\.webp 1280w$/);
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/media\/images\/[0-9a-f-]{36}-(320|640|960)\.webp$/);
    // The coat would stay on top of the catalogue: other journeys read the seeded order.
    const removed = await fetch(`${shop.apiUrl}/admin/products/${slug(name)}`, {
      method: 'DELETE',
      headers: { authorization: await adminToken(page) },
    });
    expect(removed.status).toBe(204);
    await shopper.context.close();
    await context.close();
  });

  it('adds, edits, reorders, deactivates and deletes a product, and the storefront and Stripe follow', async () => {
    const { page, context } = await openAdmin();
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Products' }).click();
    const name = `Linen Scarf ${randomUUID().slice(0, 5)}`;

    await main.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Washed linen, frayed edges.');
    await form.getByLabel('Name (German)').fill(`Leinenschal ${name.slice(-5)}`);
    await form.getByLabel('Price (CHF)').fill('59.50');
    await form.getByLabel('Stock quantity').fill('7');
    await form.getByLabel('Category', { exact: true }).fill('Accessories');
    await form.getByRole('textbox', { name: 'Size', exact: true }).fill('One Size');
    await form.getByRole('button', { name: 'Add size' }).click();
    await form.getByRole('textbox', { name: 'Colour (English name)' }).fill('Sand');
    await form.getByRole('button', { name: 'Add colour' }).click();
    // The same colour twice is ignored.
    await form.getByRole('textbox', { name: 'Colour (English name)' }).fill('Sand');
    await form.getByRole('button', { name: 'Add colour' }).click();
    expect(await form.getByRole('button', { name: 'Remove Sand' }).count()).toBe(1);
    await form.getByLabel('German name of Sand').fill('Sand');
    await form.getByRole('textbox', { name: 'Image URL' }).fill('/images/products/ribbed-merino-beanie-1.svg');
    await form.getByRole('button', { name: 'Add image' }).click();
    await form.getByRole('button', { name: 'Save product' }).click();
    await expectToast(page, 'Product added');

    // A new product goes to the top of the admin's order.
    const entries = main.getByRole('article');
    await eventually(() => entries.first().innerText()).toContain(name);
    const entry = main.getByRole('article', { name });
    expect(await entry.innerText()).toMatch(/CHF\s*59\.50/);
    const shopper = await browser.openShop({ reducedMotion: 'reduce' });
    await shopper.page.goto('/products');
    // The shop lists featured pieces first, then the admin's order.
    await shopper.page
      .getByRole('main')
      .getByRole('article', { name: new RegExp(name) })
      .first()
      .waitFor();

    // Stripe gets its copy, and its id comes back to the product.
    const stripeProduct = async () => {
      const response = await fetch(`${shop.apiUrl}/admin/products`, {
        headers: { authorization: await adminToken(page) },
      });
      const body = (await response.json()) as { items: { name: string; stripeProductId?: string }[] };
      return body.items.find((item) => item.name === name)?.stripeProductId;
    };
    await eventually(stripeProduct).toMatch(/^prod_/);

    // Edit: a new name; the shop shows it.
    await entry.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name', { exact: true }).fill(`${name} II`);
    await edit.getByRole('button', { name: 'Save product' }).click();
    await expectToast(page, 'Product updated');
    const renamed = main.getByRole('article', { name: `${name} II` });
    await renamed.waitFor();

    // Reorder: the first cannot go up; down swaps it with the next.
    expect(await renamed.getByRole('button', { name: `Move up: ${name} II` }).isDisabled()).toBe(true);
    await renamed.getByRole('button', { name: `Move down: ${name} II` }).click();
    await expectToast(page, 'Product order updated successfully');
    await eventually(() => entries.nth(1).innerText()).toContain(`${name} II`);

    // Deactivate: out of the shop, still in the back office.
    const productPath = `/product/${slug(name)}`;
    await renamed.getByRole('button', { name: `Deactivate ${name} II` }).click();
    await expectToast(page, 'Product deactivated');
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    await shopper.page.goto(productPath);
    await shopper.page
      .getByRole('main')
      .getByText(/not found/i)
      .first()
      .waitFor();

    await renamed.getByRole('button', { name: `Delete ${name} II` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name} II?` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectToast(page, 'Product deleted');
    await renamed.waitFor({ state: 'detached' });
    await shopper.context.close();
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe on every tab, and the order dialogs, in the ${colorScheme} theme`, async () => {
      const { page, context } = await openAdmin({ colorScheme, storage: { 'vite-ui-theme': colorScheme } });
      const main = page.getByRole('main');
      const findings: string[] = [];
      const check = async (where: string) => {
        for (const { rule, detail } of await axeViolations(page)) findings.push(`${where}: ${rule} at ${detail}`);
      };
      for (const tab of ['Overview', 'Orders', 'Analytics', 'Products', 'Newsletter', 'Promo Codes', 'Activity Logs']) {
        await main.getByRole('tab', { name: tab }).click();
        await main.getByRole('tab', { name: tab, selected: true }).waitFor();
        await page.waitForLoadState('networkidle');
        await check(tab);
      }
      await main.getByRole('tab', { name: 'Orders' }).click();
      await main.getByRole('button', { name: 'Create Manual Order' }).click();
      await page.getByRole('dialog', { name: 'Create Manual Order' }).getByLabel('Email', { exact: true }).waitFor();
      await check('Create Manual Order');
      await page.keyboard.press('Escape');
      const entry = main.getByRole('article').first();
      if (await entry.count()) {
        await entry.getByRole('button', { name: /^Details of order/ }).click();
        await page.getByRole('dialog').waitFor();
        await check('Details');
        await page.keyboard.press('Escape');
      }
      // The product form, with an upload's progress and an error among its lines.
      await main.getByRole('tab', { name: 'Products' }).click();
      await main.getByRole('button', { name: 'Add product' }).click();
      const form = page.getByRole('dialog', { name: 'Add product' });
      await form
        .getByLabel('Upload photos')
        .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no photo') }]);
      await form.getByText('notes.txt: JPEG, PNG, WebP or AVIF only').waitFor();
      await check('Add product');
      await page.keyboard.press('Escape');
      expect(findings).toEqual([]);
      await context.close();
    });
  }

  it('fits a 360 px phone: the tabs scroll sideways, the page and the dialogs do not', async () => {
    const { page, context } = await openAdmin({ viewport: { width: 360, height: 740 } });
    for (const tab of ['overview', 'orders', 'analytics', 'products', 'newsletter', 'promoCodes', 'activityLogs']) {
      await page.goto(`/admin?tab=${tab}`);
      await page.getByRole('tab', { selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    // The forms in dialogs fit as well.
    for (const [tab, opener] of [
      ['products', 'Add product'],
      ['orders', 'Create Manual Order'],
    ] as const) {
      await page.goto(`/admin?tab=${tab}`);
      await page.getByRole('main').getByRole('button', { name: opener }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().waitFor();
      const spill = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(spill, opener).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
    }
    await context.close();
  });
});
