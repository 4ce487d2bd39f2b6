/**
 * The first whole journey: a new shopper signs up, confirms the email with its code, lands on the dashboard, browses the
 * catalogue and opens a product. Everything is found by role and label, as a person would.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, waitForEmail } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

describe('a new shopper', () => {
  it('signs up, confirms the email with its code, browses the catalogue and opens a product', async () => {
    const { page, context, problems } = await browser.openShop();
    const email = `e2e-${randomUUID().slice(0, 8)}@example.ch`;
    const password = 'Linea-e2e-2026!';

    await page.goto('/auth');
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Sign Up' }).click();
    await main.getByLabel('First Name').fill('Lea');
    await main.getByLabel('Last Name').fill('Meier');
    await main.getByLabel('Email', { exact: true }).fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByLabel('Confirm Password').fill(password);
    await main.getByRole('button', { name: 'Sign Up' }).click();

    // The address is confirmed with the code it receives; the right code signs the shopper in.
    const mail = await waitForEmail(shop.mailboxUrl, (message) => message.destination.to.includes(email));
    expect(mail.subject).toBe('Your LINEA confirmation code');
    const code = /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1] ?? '';
    await main.getByLabel('Code', { exact: true }).fill(code);
    await main.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => page.getByText('Account created successfully').count()).toBeGreaterThan(0);
    await page.waitForURL('**/dashboard');
    await main.getByRole('tab', { name: 'Profile' }).click();
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Lea').count()).toBeGreaterThan(0);

    await page.getByRole('banner').getByRole('link', { name: 'Shop' }).first().click();
    await page.waitForURL('**/products');
    const firstProduct = page.getByRole('main').getByRole('link').filter({ hasText: /CHF/ }).first();
    await firstProduct.waitFor();
    const cardText = (await firstProduct.innerText()).trim();
    await firstProduct.click();
    await page.waitForURL(/\/product\//);
    // The product page's own heading: the catalogue's stays on screen while the page's code loads.
    const name = cardText.split('\n')[0]?.trim() ?? '';
    expect(name).not.toBe('');
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await expect.poll(() => page.getByText(/CHF\s?\d/).count()).toBeGreaterThan(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
