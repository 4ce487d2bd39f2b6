/**
 * Signing in and up as a shopper meets it, in English and German: the shop's own words for
 * every refusal (never Cognito's), the same words for a wrong password and an unknown email,
 * an existing account that leads to sign-in, the password rules shown and checked while typing
 * and enforced by the local Cognito too, the way back to where the shopper was, and focus and
 * layout that stay calm: no focus ring after a click, no box that moves when switching tabs,
 * and the new page's heading focused after following a link in the mobile menu.
 */
import { randomUUID } from 'node:crypto';
import { SignUpCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  browserForSuite,
  eventually,
  expectToast,
  PATIENCE_MS,
  readMailbox,
  settle,
  signUpShopper,
  toasts,
  visibleText,
  type ShopOptions,
  type Shopper,
  localCognito,
} from './browser';
import { axeFindingLines } from './axe';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

type Language = 'en' | 'de';

/** The shopper's words, written out here so that a wrong or missing translation fails. */
const WORDS = {
  en: {
    signInTab: 'Sign In',
    signUpTab: 'Sign Up',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    loginFailed: 'Login failed',
    signUpFailed: 'Sign up failed',
    loggedIn: 'Logged in successfully',
    invalidCredentials: 'The email or password is incorrect. Please try again.',
    accountExists: 'An account with this email already exists.',
    accountExistsNotice: (email: string) => `An account with ${email} already exists.`,
    signInInstead: 'Sign in instead',
    passwordTooWeak:
      "This password doesn't meet our requirements. Please choose one that meets every point listed under the password field.",
    rulesUnmet: "Your password doesn't meet all the requirements yet.",
    rulesLabel: 'Your password needs',
    rules: ['At least 12 characters', 'A lowercase letter (a–z)', 'An uppercase letter (A–Z)', 'A number (0–9)'],
    met: 'met',
    unmet: 'not met yet',
    progress: (met: number) => `${met} of 4 password requirements met`,
    allMet: 'All password requirements met',
    dashboard: 'My Account',
    wishlist: 'Wishlist',
    openMenu: 'Open menu',
    about: 'About',
    aboutHeading: 'A single line, drawn with care',
  },
  de: {
    signInTab: 'Anmelden',
    signUpTab: 'Registrieren',
    signIn: 'Anmelden',
    signUp: 'Registrieren',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    password: 'Passwort',
    confirmPassword: 'Passwort bestätigen',
    loginFailed: 'Anmeldung fehlgeschlagen',
    signUpFailed: 'Registrierung fehlgeschlagen',
    loggedIn: 'Erfolgreich angemeldet',
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch. Bitte versuchen Sie es erneut.',
    accountExists: 'Mit dieser E-Mail-Adresse besteht bereits ein Konto.',
    accountExistsNotice: (email: string) => `Mit ${email} besteht bereits ein Konto.`,
    signInInstead: 'Stattdessen anmelden',
    passwordTooWeak:
      'Dieses Passwort erfüllt unsere Anforderungen nicht. Bitte wählen Sie eines, das alle Punkte unter dem Passwortfeld erfüllt.',
    rulesUnmet: 'Ihr Passwort erfüllt noch nicht alle Anforderungen.',
    rulesLabel: 'Ihr Passwort braucht',
    rules: ['Mindestens 12 Zeichen', 'Einen Kleinbuchstaben (a–z)', 'Einen Grossbuchstaben (A–Z)', 'Eine Ziffer (0–9)'],
    met: 'erfüllt',
    unmet: 'noch nicht erfüllt',
    progress: (met: number) => `${met} von 4 Anforderungen an das Passwort erfüllt`,
    allMet: 'Alle Anforderungen an das Passwort erfüllt',
    dashboard: 'Mein Konto',
    wishlist: 'Wunschliste',
    openMenu: 'Menü öffnen',
    about: 'Über uns',
    aboutHeading: 'Eine einzige Linie, mit Sorgfalt gezogen',
  },
} as const;

/** What the local Cognito says; the shopper must never read it. */
const PROVIDER_TEXTS = [
  'Invalid password',
  'User not authorized',
  'Incorrect username or password',
  'User already exists',
  'Password did not conform with policy',
  'not long enough',
];

const LANGUAGES: Language[] = ['en', 'de'];

async function openAuth(language: Language, path = '/auth', options: ShopOptions = {}) {
  const shopPage = await browser.openShop({
    reducedMotion: 'reduce',
    storage: { language },
    ...options,
  });
  await shopPage.page.goto(path);
  // The auth page's chunk starts fetching the auth library as it opens; on a loaded CI machine
  // the first paint of a fresh context has taken over 10 s.
  await shopPage.page
    .getByRole('main')
    .getByRole('tablist')
    .waitFor({ timeout: 2 * PATIENCE_MS });
  return shopPage;
}

/** Refused calls to Cognito are logged by the browser as failed requests; those are expected here. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes(shop.cognitoEndpoint));

async function signInWith(page: Page, language: Language, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  const words = WORDS[language];
  await main.getByLabel(words.email, { exact: true }).fill(email);
  await main.getByLabel(words.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: words.signIn, exact: true }).click();
}

async function fillSignUp(page: Page, language: Language, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  const words = WORDS[language];
  await main.getByRole('tab', { name: words.signUpTab }).click();
  await main.getByLabel(words.firstName).fill('Lea');
  await main.getByLabel(words.lastName).fill('Meier');
  await main.getByLabel(words.email, { exact: true }).fill(email);
  await main.getByLabel(words.password, { exact: true }).fill(password);
  await main.getByLabel(words.confirmPassword).fill(password);
}

async function expectNoProviderText(page: Page): Promise<void> {
  const text = await visibleText(page);
  for (const providerText of PROVIDER_TEXTS) expect(text).not.toContain(providerText);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

const cognito = (): CognitoIdentityProviderClient => localCognito(shop);

describe.each(LANGUAGES)('signing in and up (%s)', (language) => {
  const words = WORDS[language];
  let shopper: Shopper;

  beforeAll(async () => {
    shopper = await signUpShopper(shop);
  });

  it('says the same, in the shop’s words, for a wrong password and for an unknown email', async () => {
    const { page, context, problems } = await openAuth(language);

    await signInWith(page, language, shopper.email, `${shopper.password}-wrong`);
    await expectToast(page, words.loginFailed, words.invalidCredentials);
    await signInWith(page, language, `nobody-${randomUUID().slice(0, 8)}@example.ch`, shopper.password);
    await eventually(() => toasts(page).count()).toBe(2);

    const shown = await toasts(page).allInnerTexts();
    expect(new Set(shown.map((text) => text.replace(/\s+/g, ' ').trim()))).toEqual(
      new Set([`${words.loginFailed} ${words.invalidCredentials}`]),
    );
    await expectNoProviderText(page);
    expect(page.url()).toMatch(/\/auth$/);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('offers an existing account to sign in, with the email filled in', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');

    await fillSignUp(page, language, shopper.email, 'Another-Pass-2026');
    await main.getByRole('button', { name: words.signUp, exact: true }).click();
    await expectToast(page, words.signUpFailed, words.accountExists);
    await main.getByText(words.accountExistsNotice(shopper.email)).waitFor();
    await expectNoProviderText(page);

    await main.getByRole('button', { name: words.signInInstead }).click();
    await eventually(() => main.getByRole('tab', { name: words.signInTab, selected: true }).count()).toBe(1);
    expect(await main.getByLabel(words.email, { exact: true }).inputValue()).toBe(shopper.email);
    const password = main.getByLabel(words.password, { exact: true });
    await eventually(() => isFocused(password)).toBe(true);

    await password.fill(shopper.password);
    await password.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: words.dashboard }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('shows the password rules before typing and marks them while typing, announcing only the pauses', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: words.signUpTab }).click();

    const password = main.getByLabel(words.password, { exact: true });
    const list = main.getByRole('list', { name: words.rulesLabel });
    const rules = list.getByRole('listitem');
    await rules.first().waitFor();
    expect(await list.isVisible()).toBe(true);
    // Each rule's text and its state, as assistive technology reads them (the state is visually hidden).
    const ruleStates = () => rules.evaluateAll((items) => items.map((item) => item.textContent?.trim()));
    expect(await ruleStates()).toEqual(words.rules.map((rule) => `${rule}, ${words.unmet}`));
    // The rules describe the field, so a screen reader reads them on reaching it.
    const description = await password.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain(words.rulesLabel);
    for (const rule of words.rules) expect(description).toContain(rule);

    // Count the polite announcements while typing briskly: one after the pause, not one per key.
    const status = main.getByRole('status');
    await status.evaluate((region) => {
      const announced: string[] = [];
      (window as unknown as { announced: string[] }).announced = announced;
      new MutationObserver(() => announced.push(region.textContent ?? '')).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await password.pressSequentially('abcD5', { delay: 40 });
    expect(await ruleStates()).toEqual([
      `${words.rules[0]}, ${words.unmet}`,
      `${words.rules[1]}, ${words.met}`,
      `${words.rules[2]}, ${words.met}`,
      `${words.rules[3]}, ${words.met}`,
    ]);
    await eventually(() => status.textContent()).toBe(words.progress(3));
    // Consecutive records of one update (React may replace the text node) count once.
    const announced = () =>
      page
        .evaluate(() => (window as unknown as { announced: string[] }).announced)
        .then((texts) => texts.filter((text, index) => text && text !== texts[index - 1]));
    expect(await announced()).toEqual([words.progress(3)]);

    await password.pressSequentially('efghijk', { delay: 40 });
    await eventually(() => status.textContent()).toBe(words.allMet);
    expect(await announced()).toEqual([words.progress(3), words.allMet]);
    expect((await ruleStates()).every((text) => text?.endsWith(`, ${words.met}`))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a too-weak password in the form, before anything is sent', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['x-amz-target']?.endsWith('.SignUp')) signUps.push(request.url());
    });

    await fillSignUp(page, language, `weak-${randomUUID().slice(0, 8)}@example.ch`, 'abcdefgh');
    await main.getByRole('button', { name: words.signUp, exact: true }).click();

    await main.getByRole('alert').filter({ hasText: words.rulesUnmet }).waitFor();
    const password = main.getByLabel(words.password, { exact: true });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(password)).toBe(true);
    expect(signUps).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a too-weak password on the server too, and says so in the shop’s words', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    // Past the form's check, as a modified client would be: the weak password reaches Cognito.
    await page.route(
      (url) => url.href.startsWith(shop.cognitoEndpoint),
      async (route) => {
        const request = route.request();
        if (!request.headers()['x-amz-target']?.endsWith('.SignUp')) return route.continue();
        const body = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
        return route.continue({ postData: JSON.stringify({ ...body, Password: 'abcdefghijk1' }) });
      },
    );

    await fillSignUp(page, language, `weak-${randomUUID().slice(0, 8)}@example.ch`, 'Strong-Enough-2026');
    await main.getByRole('button', { name: words.signUp, exact: true }).click();

    await expectToast(page, words.signUpFailed, words.passwordTooWeak);
    await main.getByRole('alert').filter({ hasText: words.passwordTooWeak }).waitFor();
    expect(await main.getByLabel(words.password, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoProviderText(page);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('goes back to where the shopper came from after signing in', async () => {
    const { page, context, problems } = await openAuth(language, '/auth?returnTo=%2Fwishlist');
    await signInWith(page, language, shopper.email, shopper.password);
    await page.waitForURL('**/wishlist');
    await page.getByRole('main').getByRole('heading', { level: 1, name: words.wishlist }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('goes to the account, not off the site, when the way back leads elsewhere', async () => {
    const { page, context, problems } = await openAuth(language, '/auth?returnTo=%2F%2Fevil.example%2Fwishlist');
    await signInWith(page, language, shopper.email, shopper.password);
    await page.waitForURL(`${shop.webUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: words.dashboard }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes back the failure once the next try signs in', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');

    await signInWith(page, language, shopper.email, `${shopper.password}-wrong`);
    await expectToast(page, words.loginFailed, words.invalidCredentials);
    // The pointer rests on the toast, which holds its timer: only the shop can take it away now.
    await toasts(page).first().hover();
    const password = main.getByLabel(words.password, { exact: true });
    await password.fill(shopper.password);
    await password.press('Enter');

    await page.waitForURL('**/dashboard');
    await expectToast(page, words.loggedIn);
    expect(await toasts(page).filter({ hasText: words.loginFailed }).count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe('the local Cognito', () => {
  it('refuses the passwords the cloud pool refuses, with Cognito’s own error', async () => {
    const client = cognito();
    const attempt = async (password: string) => {
      const email = `policy-${randomUUID().slice(0, 8)}@example.ch`;
      try {
        await client.send(
          new SignUpCommand({
            ClientId: shop.userPoolClientId,
            Username: email,
            Password: password,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'given_name', Value: 'Lea' },
              { Name: 'family_name', Value: 'Meier' },
            ],
          }),
        );
        return 'accepted';
      } catch (err) {
        return `${(err as Error).name}: ${(err as Error).message}`;
      }
    };
    try {
      expect(await attempt('abc')).toBe(
        'InvalidPasswordException: Password did not conform with policy: Password not long enough',
      );
      expect(await attempt('Abcdefghij1')).toBe(
        'InvalidPasswordException: Password did not conform with policy: Password not long enough',
      );
      expect(await attempt('ABCDEFGHIJK1')).toBe(
        'InvalidPasswordException: Password did not conform with policy: Password must have lowercase characters',
      );
      expect(await attempt('abcdefghijk1')).toBe(
        'InvalidPasswordException: Password did not conform with policy: Password must have uppercase characters',
      );
      expect(await attempt('Abcdefghijkl')).toBe(
        'InvalidPasswordException: Password did not conform with policy: Password must have numeric characters',
      );
      expect(await attempt(' Abcdefghijk1')).toMatch(/^InvalidParameterException: .*regular expression pattern/);
      expect(await attempt('Abcdefghijk1')).toBe('accepted');
    } finally {
      client.destroy();
    }
  });
});

describe.each(LANGUAGES)('the sign-up form with its password rules (%s)', (language) => {
  const words = WORDS[language];

  it.each(['light', 'dark'] as const)('passes axe in the %s theme, half filled in and refused', async (colorScheme) => {
    const { page, context, problems } = await openAuth(language, '/auth', { colorScheme });
    const main = page.getByRole('main');
    await fillSignUp(page, language, `axe-${randomUUID().slice(0, 8)}@example.ch`, 'abcD5');
    await main.getByRole('button', { name: words.signUp, exact: true }).click();
    await main.getByRole('alert').filter({ hasText: words.rulesUnmet }).waitFor();
    await settle(page);
    expect(await axeFindingLines(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Where an element is on the page (not in the viewport), rounded to the pixel. */
function boxesOf(page: Page, selectors: Record<string, string>): Promise<Record<string, string>> {
  return page.evaluate((wanted) => {
    const result: Record<string, string> = {};
    for (const [name, selector] of Object.entries(wanted)) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`nothing matches ${selector}`);
      const box = element.getBoundingClientRect();
      result[name] = [box.left + scrollX, box.top + scrollY, box.width, box.height].map(Math.round).join(',');
    }
    return result;
  }, selectors);
}

/** Fonts and transitions done, and two frames for what React does after them. */
async function calm(page: Page): Promise<void> {
  await settle(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
}

describe.each(LANGUAGES)('focus and motion (%s)', (language) => {
  const words = WORDS[language];

  it('draws no focus ring on a tab after a click, and one after the keyboard reaches it', async () => {
    const { page, context, problems } = await openAuth(language);
    const main = page.getByRole('main');
    const signUpTab = main.getByRole('tab', { name: words.signUpTab });
    const ring = (tab: Locator) =>
      tab.evaluate((element) => ({
        focused: element === document.activeElement,
        focusVisible: element.matches(':focus-visible'),
        outline: getComputedStyle(element).outlineStyle,
      }));

    // The first click on a fresh page: the case where a scripted focus used to draw the ring.
    await signUpTab.click();
    expect(await ring(signUpTab)).toEqual({ focused: true, focusVisible: false, outline: 'none' });

    await page.keyboard.press('Tab'); // into the panel
    await page.keyboard.press('Shift+Tab'); // back to the selected tab
    expect(await ring(signUpTab)).toEqual({ focused: true, focusVisible: true, outline: 'solid' });

    await page.keyboard.press('ArrowLeft');
    const signInTab = main.getByRole('tab', { name: words.signInTab });
    await eventually(() => ring(signInTab)).toEqual({ focused: true, focusVisible: true, outline: 'solid' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ])('moves no box when switching tabs, at $width px', async (viewport) => {
    const { page, context, problems } = await openAuth(language, '/auth', { viewport });
    const main = page.getByRole('main');
    const selectors = {
      heading: 'main h1',
      intro: 'main .auth-intro',
      tablist: 'main [role="tablist"]',
      signInTab: 'main [role="tab"]:first-child',
      signUpTab: 'main [role="tab"]:last-child',
      footer: 'footer',
    };
    await calm(page);
    const signInBoxes = await boxesOf(page, selectors);

    await main.getByRole('tab', { name: words.signUpTab }).click();
    await main.getByLabel(words.confirmPassword).waitFor();
    await calm(page);
    expect(await boxesOf(page, selectors)).toEqual(signInBoxes);

    await main.getByRole('tab', { name: words.signInTab }).click();
    await main.getByRole('button', { name: words.signIn, exact: true }).waitFor();
    await calm(page);
    expect(await boxesOf(page, selectors)).toEqual(signInBoxes);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('puts focus on the new page’s heading after a link in the mobile menu', async () => {
    const { page, context, problems } = await browser.openShop({
      reducedMotion: 'reduce',
      storage: { language },
      viewport: { width: 375, height: 800 },
    });
    await page.goto('/products');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    const heading = page.getByRole('main').getByRole('heading', { level: 1, name: words.aboutHeading });
    const headingFocus = () =>
      heading.evaluate((element) => ({
        focused: element === document.activeElement,
        focusVisible: element.matches(':focus-visible'),
      }));

    // With the pointer.
    await page.getByRole('banner').getByRole('button', { name: words.openMenu }).click();
    await page.getByRole('dialog').getByRole('link', { name: words.about, exact: true }).click();
    await page.waitForURL('**/about');
    await eventually(headingFocus).toEqual({ focused: true, focusVisible: false });

    // With the keyboard, from the home page.
    await page.goto('/');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    const menuButton = page.getByRole('banner').getByRole('button', { name: words.openMenu });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const aboutLink = page.getByRole('dialog').getByRole('link', { name: words.about, exact: true });
    await aboutLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await eventually(() => headingFocus().then((state) => state.focused)).toBe(true);
    // Tab goes on from the heading, as from the top of the new page's content.
    await page.keyboard.press('Tab');
    expect(
      await heading.evaluate((element) => {
        const active = document.activeElement;
        return Boolean(active && element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an account not confirmed yet', () => {
  it('signing in sends a new code and asks for it; the code from the mailbox confirms and signs in', async () => {
    const email = `unconfirmed-${randomUUID().slice(0, 8)}@example.ch`;
    const password = `Linea-${randomUUID().slice(0, 6)}-Aa1`;
    const client = cognito();
    try {
      await client.send(
        new SignUpCommand({
          ClientId: shop.userPoolClientId,
          Username: email,
          Password: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: 'Lea' },
            { Name: 'family_name', Value: 'Meier' },
          ],
        }),
      );
    } finally {
      client.destroy();
    }
    const mailsTo = async () => (await readMailbox(shop.mailboxUrl)).filter((m) => m.destination.to.includes(email));
    await eventually(async () => (await mailsTo()).length).toBe(1);

    const { page, context, problems } = await openAuth('de');
    const main = page.getByRole('main');
    await signInWith(page, 'de', email, password);
    await main.getByRole('heading', { level: 1, name: 'Prüfen Sie Ihre E-Mails' }).waitFor();
    await main
      .getByText(
        `Wir haben einen 6-stelligen Code an ${email} gesendet. Geben Sie ihn ein, um Ihre E-Mail-Adresse zu bestätigen.`,
      )
      .waitFor();
    // The new code, asked for in German, is the one that counts.
    await eventually(async () => (await mailsTo()).length).toBe(2);
    const fresh = (await mailsTo())[1];
    expect(fresh?.subject).toBe('Ihr LINEA-Bestätigungscode');
    const code = /\b(\d{6})\b/.exec(fresh?.body.text ?? '')?.[1] ?? '';
    await main.getByLabel('Code', { exact: true }).fill(code);
    await main.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await expectToast(page, 'Konto erfolgreich erstellt', 'Willkommen bei LINEA.');
    await page.waitForURL('**/dashboard');
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
