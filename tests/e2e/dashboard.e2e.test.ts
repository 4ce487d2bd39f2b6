/**
 * The customer account (issue 10) as a customer meets it: the order they paid in the Orders tab
 * in CHF, their saved addresses, the language of their emails, and leaving for good.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addToCart, browserForSuite, eventually, expectToast, signInThroughUi, signUpShopper } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const TEE = { path: '/product/essential-organic-tee', name: 'Essential Organic Tee' };

async function buyATee(page: Page): Promise<void> {
  await page.goto(TEE.path);
  await addToCart(page, { size: 'M', color: 'Black' });
  await expectToast(page, 'Added to cart', `1 × ${TEE.name} (M, Black)`);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByLabel('Address', { exact: true }).fill('Seestrasse 4');
  await main.getByLabel('City', { exact: true }).fill('Luzern');
  await main.getByLabel('ZIP Code', { exact: true }).fill('6004');
  await main.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/c\/pay\/cs_/);
  await page.getByLabel('Full name', { exact: true }).fill('Lea Meier');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/order-confirmation\/cs_/);
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' }).waitFor();
}

describe('the customer account', () => {
  it('shows the paid order in CHF, keeps addresses with one default, and remembers the tab and the email language', async () => {
    const shopper = await signUpShopper(shop, 'Lea');
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    const main = page.getByRole('main');
    await main.getByText('No orders yet').waitFor();

    await buyATee(page);
    await page.goto('/dashboard');
    const order = main.getByRole('article', { name: /^Order [0-9A-F]{8}$/ });
    await order.waitFor();
    expect(await order.getByText('Confirmed', { exact: true }).count()).toBe(1);
    expect(await order.getByText(TEE.name).count()).toBe(1);
    expect(await order.innerText()).toMatch(/CHF\s*56\.00/);
    expect(await order.innerText()).not.toContain('$');

    // Addresses: a wrong ZIP is caught before anything is sent; the first address is the default.
    await main.getByRole('tab', { name: 'Addresses' }).click();
    await page.waitForURL('**/dashboard?tab=addresses');
    await main.getByRole('button', { name: 'Add address' }).click();
    await main.getByLabel('First Name', { exact: true }).fill('Lea');
    await main.getByLabel('Last Name', { exact: true }).fill('Meier');
    await main.getByLabel('Address', { exact: true }).fill('Seestrasse 4');
    await main.getByLabel('ZIP Code', { exact: true }).fill('604');
    await main.getByLabel('City', { exact: true }).fill('Luzern');
    await main.getByRole('button', { name: 'Save address' }).click();
    await main.getByText('Please enter a four-digit Swiss postal code.').waitFor();
    await main.getByLabel('ZIP Code', { exact: true }).fill('6004');
    await main.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address added successfully');

    await main.getByRole('button', { name: 'Add address' }).click();
    await main.getByLabel('First Name', { exact: true }).fill('Lea');
    await main.getByLabel('Last Name', { exact: true }).fill('Meier');
    await main.getByLabel('Address', { exact: true }).fill('Bahnhofstrasse 1');
    await main.getByLabel('ZIP Code', { exact: true }).fill('8001');
    await main.getByLabel('City', { exact: true }).fill('Zürich');
    await main.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address added successfully');
    const addresses = main.getByRole('listitem').filter({ has: page.locator('address') });
    await eventually(() => addresses.count()).toBe(2);
    expect(await addresses.first().innerText()).toContain('Seestrasse 4');
    expect(await addresses.first().getByText('Default', { exact: true }).count()).toBe(1);

    await main.getByRole('button', { name: 'Set Bahnhofstrasse 1, 8001 Zürich as the default address' }).click();
    await expectToast(page, 'Default address changed');
    await eventually(async () => addresses.first().innerText()).toContain('Bahnhofstrasse 1');

    await main.getByRole('button', { name: 'Edit the address Seestrasse 4, 6004 Luzern' }).click();
    await main.getByLabel('City', { exact: true }).fill('Kriens');
    await main.getByLabel('ZIP Code', { exact: true }).fill('6010');
    await main.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address updated');
    await main.getByRole('button', { name: 'Delete the address Seestrasse 4, 6010 Kriens' }).click();
    await expectToast(page, 'Address deleted');
    await eventually(() => addresses.count()).toBe(1);

    // A reload opens the same tab.
    await page.reload();
    await eventually(() => main.getByRole('tab', { name: 'Addresses', selected: true }).count()).toBe(1);
    await eventually(() => addresses.count()).toBe(1);

    await main.getByRole('tab', { name: 'Profile' }).click();
    await main.getByText(shopper.email).waitFor();
    const language = main.getByRole('group', { name: 'Language of our emails' });
    await eventually(() => language.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await language.getByText('Deutsch').click();
    await expectToast(page, 'Email language saved');
    await page.reload();
    await eventually(() => language.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('deletes the account after a confirm, signs the customer out, and the password no longer opens it', async () => {
    const shopper = await signUpShopper(shop, 'Noah');
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Profile' }).click();
    await main.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    expect(await dialog.innerText()).toContain('Your orders are kept for our bookkeeping');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expectToast(page, 'Account deleted', 'Your account and its data have been removed.');
    await page.waitForURL(`${shop.webUrl}/`);

    await page.goto('/auth');
    await main.getByLabel('Email', { exact: true }).fill(shopper.email);
    await main.getByLabel('Password', { exact: true }).fill(shopper.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await eventually(() => page.getByText('Login failed').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/auth');
    // The refused sign-in is Cognito's 400, the answer the page asked for.
    expect(problems.filter((problem) => !problem.includes(shop.cognitoEndpoint))).toEqual([]);
    await context.close();
  });

  it('renames the customer, shown at once in the greeting, and changes the password, refusing a wrong current one', async () => {
    const shopper = await signUpShopper(shop, 'Elena');
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Profile' }).click();

    const nameForm = main.getByRole('form', { name: 'Your name' });
    await nameForm.getByLabel('First Name', { exact: true }).fill('Leonie');
    await nameForm.getByLabel('Last Name', { exact: true }).fill('Brunner');
    await nameForm.getByRole('button', { name: 'Save name' }).click();
    await expectToast(page, 'Your name was updated');
    await main.getByText('Hello, Leonie').waitFor();
    await main.getByText('Leonie Brunner').waitFor();

    const passwordForm = main.getByRole('form', { name: 'Change password' });
    const newPassword = `${shopper.password}-New9`;
    await passwordForm.getByLabel('Current password', { exact: true }).fill('Not-the-password-1');
    await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password not changed', 'Your current password is not correct. Please try again.');

    await passwordForm.getByLabel('Current password', { exact: true }).fill(shopper.password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed', 'Use your new password the next time you sign in.');

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await signInThroughUi(page, { ...shopper, password: newPassword });
    await main.getByText('Hello, Leonie').waitFor();
    expect(problems.filter((problem) => !problem.includes(shop.cognitoEndpoint))).toEqual([]);
    await context.close();
  });

  it('checks out to a saved address, the default chosen already, and keeps a new one typed at checkout', async () => {
    const shopper = await signUpShopper(shop, 'Jonas');
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    await signInThroughUi(page, shopper);
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    for (const [address, zipCode, city] of [
      ['Kramgasse 7', '3011', 'Bern'],
      ['Spalenberg 40', '4051', 'Basel'],
    ]) {
      const response = await fetch(`${shop.apiUrl}/addresses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ firstName: 'Jonas', lastName: 'Graf', address, zipCode, city, country: 'CH' }),
      });
      expect(response.status).toBe(201);
    }

    await page.goto(TEE.path);
    await addToCart(page, { size: 'L', color: 'Black' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (L, Black)`);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    const shipTo = main.getByRole('group', { name: 'Ship to' });
    await eventually(() => shipTo.getByRole('radio', { name: /Kramgasse 7/ }).isChecked()).toBe(true);
    expect(await main.getByLabel('Address', { exact: true }).inputValue()).toBe('Kramgasse 7');
    await shipTo.getByText(/Spalenberg 40/).click();
    expect(await main.getByLabel('City', { exact: true }).inputValue()).toBe('Basel');
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/c\/pay\/cs_/);
    await page.getByLabel('Full name', { exact: true }).fill('Jonas Graf');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order-confirmation\/cs_/);
    await page.getByRole('main').getByText('Spalenberg 40').first().waitFor();

    // A new address typed at checkout, kept for next time.
    await page.goto(TEE.path);
    await addToCart(page, { size: 'S', color: 'Black' });
    await expectToast(page, 'Added to cart', `1 × ${TEE.name} (S, Black)`);
    await page.goto('/checkout');
    await shipTo.getByText('Use a new address').click();
    expect(await main.getByLabel('Address', { exact: true }).inputValue()).toBe('');
    await main.getByLabel('First Name', { exact: true }).fill('Jonas');
    await main.getByLabel('Last Name', { exact: true }).fill('Graf');
    await main.getByLabel('Address', { exact: true }).fill('Via Nassa 21');
    await main.getByLabel('ZIP Code', { exact: true }).fill('6900');
    await main.getByLabel('City', { exact: true }).fill('Lugano');
    await main.getByLabel('Save this address to my account').check();
    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/c\/pay\/cs_/);
    await page.goto('/dashboard?tab=addresses');
    await main.getByText('Via Nassa 21').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks German: tabs, empty states and the email language', async () => {
    const shopper = await signUpShopper(shop, 'Mia');
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      storage: { language: 'de' },
    });
    await page.goto('/auth');
    const main = page.getByRole('main');
    await main.getByLabel('E-Mail', { exact: true }).fill(shopper.email);
    await main.getByLabel('Passwort', { exact: true }).fill(shopper.password);
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/dashboard');
    await main.getByText('Noch keine Bestellungen').waitFor();
    await main.getByRole('tab', { name: 'Adressen' }).click();
    await main.getByText('Noch keine gespeicherten Adressen').waitFor();
    await main.getByRole('tab', { name: 'Profil' }).click();
    await main.getByRole('group', { name: 'Sprache unserer E-Mails' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(problems).toEqual([]);
    await context.close();
  });
});
