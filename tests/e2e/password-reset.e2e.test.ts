/**
 * The codes Cognito sends, end to end through the mailbox (the SES emulator), in English and
 * German: a new account confirmed with the code from its email and signed in at once, and a
 * forgotten password reset with a code and signed in with the new one. An unknown email gets
 * the same answer as a known one and no email. axe finds nothing on any of these steps, in the
 * light theme or the dark.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  browserForSuite,
  eventually,
  expectToast,
  readMailbox,
  settle,
  signUpShopper,
  waitForEmail,
  type MailboxEmail,
} from './browser';
import { axeFindingLines } from './axe';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

type Language = 'en' | 'de';
const LANGUAGES: Language[] = ['en', 'de'];

/** The shopper's words, written out here so that a wrong or missing translation fails. */
const WORDS = {
  en: {
    signUpTab: 'Sign Up',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    checkEmail: 'Check your email',
    sentTo: (email: string) => `We sent a 6-digit code to ${email}. Enter it to confirm your email address.`,
    code: 'Code',
    confirm: 'Confirm',
    accountCreated: 'Account created successfully',
    welcome: 'Welcome to LINEA.',
    signUpSubject: 'Your LINEA confirmation code',
    forgot: 'Forgot password?',
    resetHeading: 'Reset your password',
    sendCode: 'Send code',
    codeHeading: 'Set a new password',
    ifExists: (email: string) =>
      `If an account exists for ${email}, we sent a 6-digit code to it. It is valid for 1 hour.`,
    newPassword: 'New Password',
    confirmNewPassword: 'Confirm New Password',
    save: 'Set new password',
    changed: 'Password changed',
    changedDescription: 'You are now signed in with your new password.',
    resetSubject: 'Reset your LINEA password',
    resetValidity: 'It is valid for 1 hour.',
    codeMismatch: 'This code is not correct. Please check it and try again.',
    dashboard: 'My Account',
  },
  de: {
    signUpTab: 'Registrieren',
    signIn: 'Anmelden',
    signUp: 'Registrieren',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    password: 'Passwort',
    confirmPassword: 'Passwort bestätigen',
    checkEmail: 'Prüfen Sie Ihre E-Mails',
    sentTo: (email: string) =>
      `Wir haben einen 6-stelligen Code an ${email} gesendet. Geben Sie ihn ein, um Ihre E-Mail-Adresse zu bestätigen.`,
    code: 'Code',
    confirm: 'Bestätigen',
    accountCreated: 'Konto erfolgreich erstellt',
    welcome: 'Willkommen bei LINEA.',
    signUpSubject: 'Ihr LINEA-Bestätigungscode',
    forgot: 'Passwort vergessen?',
    resetHeading: 'Passwort zurücksetzen',
    sendCode: 'Code senden',
    codeHeading: 'Neues Passwort festlegen',
    ifExists: (email: string) =>
      `Falls ein Konto für ${email} besteht, haben wir einen 6-stelligen Code dorthin gesendet. Er ist 1 Stunde gültig.`,
    newPassword: 'Neues Passwort',
    confirmNewPassword: 'Neues Passwort bestätigen',
    save: 'Neues Passwort festlegen',
    changed: 'Passwort geändert',
    changedDescription: 'Sie sind jetzt mit Ihrem neuen Passwort angemeldet.',
    resetSubject: 'Ihr LINEA-Passwort zurücksetzen',
    resetValidity: 'Er ist 1 Stunde gültig.',
    codeMismatch: 'Dieser Code ist nicht korrekt. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
    dashboard: 'Mein Konto',
  },
} as const;

async function openAuth(language: Language) {
  const shopPage = await browser.openShop({ reducedMotion: 'reduce', storage: { language } });
  await shopPage.page.goto('/auth');
  await shopPage.page.getByRole('main').getByRole('tablist').waitFor();
  return shopPage;
}

/** Refused calls to Cognito (a wrong code) are logged by the browser as failed requests; expected here. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes(shop.cognitoEndpoint));

/** axe-core's findings on the step as it is, once its animations have ended. */
async function axeRun(page: Page): Promise<string[]> {
  await settle(page);
  return axeFindingLines(page);
}

/**
 * The findings in the light and then the dark theme, on the step as it is: the shop follows the
 * system's scheme (no theme chosen), so switching it switches the page without leaving the step.
 */
async function axeFindings(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await eventually(async () => (await page.locator('html').getAttribute('class')) ?? '').toContain(theme);
    findings.push(...(await axeRun(page)).map((finding) => `${theme}: ${finding}`));
  }
  return findings;
}

const codeIn = (mail: MailboxEmail): string => /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1] ?? '';

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe.each(LANGUAGES)('a new account (%s)', (language) => {
  const words = WORDS[language];

  it('is confirmed with the code from its email and signed in at once; axe finds nothing on the code step', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    const email = `signup-${randomUUID().slice(0, 8)}@example.ch`;
    const password = `Linea-${randomUUID().slice(0, 6)}-Aa1`;

    await main.getByRole('tab', { name: words.signUpTab }).click();
    await main.getByLabel(words.firstName).fill('Lea');
    await main.getByLabel(words.lastName).fill('Meier');
    await main.getByLabel(words.email, { exact: true }).fill(email);
    await main.getByLabel(words.password, { exact: true }).fill(password);
    await main.getByLabel(words.confirmPassword).fill(password);
    await main.getByRole('button', { name: words.signUp, exact: true }).click();

    await main.getByRole('heading', { level: 1, name: words.checkEmail }).waitFor();
    await eventually(() => focusedText(page)).toBe(words.checkEmail);
    await main.getByText(words.sentTo(email)).waitFor();
    const codeField = main.getByLabel(words.code, { exact: true });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');

    const mail = await waitForEmail(shop.mailboxUrl, (m) => m.destination.to.includes(email));
    expect(mail.subject).toBe(words.signUpSubject);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code first: said at the field, announced, and the step stays.
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: words.confirm, exact: true }).click();
    await main.getByRole('alert').filter({ hasText: words.codeMismatch }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await codeField.fill(code);
    await main.getByRole('button', { name: words.confirm, exact: true }).click();
    await expectToast(page, words.accountCreated, words.welcome);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: words.dashboard }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe.each(LANGUAGES)('a forgotten password (%s)', (language) => {
  const words = WORDS[language];

  it('is reset with the code from the mailbox, and the shopper is signed in with the new one', async () => {
    const shopper = await signUpShopper(shop);
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');

    await main.getByLabel(words.email, { exact: true }).fill(shopper.email);
    await main.getByRole('button', { name: words.forgot }).click();
    await main.getByRole('heading', { level: 1, name: words.resetHeading }).waitFor();
    await eventually(() => focusedText(page)).toBe(words.resetHeading);
    expect(await main.getByLabel(words.email, { exact: true }).inputValue()).toBe(shopper.email);
    expect(await axeFindings(page)).toEqual([]);
    await main.getByRole('button', { name: words.sendCode }).click();

    await main.getByRole('heading', { level: 1, name: words.codeHeading }).waitFor();
    await eventually(() => focusedText(page)).toBe(words.codeHeading);
    await main.getByText(words.ifExists(shopper.email)).waitFor();
    const mail = await waitForEmail(
      shop.mailboxUrl,
      (m) => m.destination.to.includes(shopper.email) && m.subject === words.resetSubject,
    );
    expect(mail.body.text).toContain(words.resetValidity);
    const newPassword = `Reset-${randomUUID().slice(0, 6)}-Aa1`;
    await main.getByLabel(words.code, { exact: true }).fill(codeIn(mail));
    await main.getByLabel(words.newPassword, { exact: true }).fill(newPassword);
    await main.getByLabel(words.confirmNewPassword).fill(newPassword);
    expect(await axeFindings(page)).toEqual([]);
    await main.getByRole('button', { name: words.save }).click();

    await expectToast(page, words.changed, words.changedDescription);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: words.dashboard }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('gives an unknown email the same answer, sends nothing, and refuses any code for it', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    const email = `nobody-${randomUUID().slice(0, 8)}@example.ch`;

    await main.getByRole('button', { name: words.forgot }).click();
    await main.getByLabel(words.email, { exact: true }).fill(email);
    await main.getByRole('button', { name: words.sendCode }).click();
    await main.getByRole('heading', { level: 1, name: words.codeHeading }).waitFor();
    await main.getByText(words.ifExists(email)).waitFor();

    await main.getByLabel(words.code, { exact: true }).fill('123456');
    await main.getByLabel(words.newPassword, { exact: true }).fill('Unknown-Pass-2026');
    await main.getByLabel(words.confirmNewPassword).fill('Unknown-Pass-2026');
    await main.getByRole('button', { name: words.save }).click();
    await main.getByRole('alert').filter({ hasText: words.codeMismatch }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    expect((await readMailbox(shop.mailboxUrl)).filter((m) => m.destination.to.includes(email))).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
