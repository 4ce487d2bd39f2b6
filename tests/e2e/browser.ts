/**
 * Debian's Chromium driven by playwright-core. The flags keep Chromium from reaching for the
 * network this machine does not have (background services, updates, QUIC).
 *
 * Besides the browser, the helpers every journey shares: waiting the way a person waits (for a
 * text, a toast, an email), signing a shopper up and in, and reading the SES mailbox.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalCloudEndpoints } from '../../infra/local/cloud';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../fixtures/chromium';

export { CHROMIUM_PATH };

/**
 * How long a person would wait for the shop to answer. Generous because two cores run the
 * whole stack and the browser; a passing run never waits this long.
 */
export const PATIENCE_MS = 10_000;

async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  // Every context, a journey's own too, from its first page on (the listener is added at once).
  browser.on('context', watchPolicies);
  return browser;
}

/**
 * What Chromium logs about a page's Content Security Policy or Permissions Policy: something
 * refused ("Executing inline script violates the following Content Security Policy directive …",
 * "Refused to connect to … because it violates …", in the wording of its version) or a policy it
 * could not read.
 */
const POLICY_MESSAGE = /Content[- ]Security[- ]Policy|Permissions[- ]Policy/i;
const policyReports: string[] = [];

function watchPolicies(context: BrowserContext): void {
  context.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text())) policyReports.push(`${message.text()} (${message.location().url})`);
  });
}

/**
 * The policy reports of every page since the last call. policy-guard.ts fails any test that
 * leaves one, whatever the test filters out of its own `problems`; a test that provokes one on
 * purpose takes it.
 */
export function takePolicyReports(): string[] {
  return policyReports.splice(0);
}

export interface ShopPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests the page produced; a journey should end with none. */
  problems: string[];
}

export interface ShopOptions {
  locale?: string;
  /** Written to localStorage before every page load, before the app reads it (language, theme, cart). */
  storage?: Record<string, string>;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /**
   * 'reduce' is a shopper's real setting, under which the shop drops its entrance and fade
   * animations; journeys that are not about motion use it to spend no time waiting for motion.
   */
  reducedMotion?: 'reduce' | 'no-preference';
  /** A phone: touch events and a mobile viewport, so taps and swipes are what a phone sends. */
  touch?: boolean;
}

async function openShop(browser: Browser, webUrl: string, options: ShopOptions = {}): Promise<ShopPage> {
  const context = await browser.newContext({
    baseURL: webUrl,
    locale: options.locale ?? 'en-US',
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  // Fail a step in seconds, not after Playwright's default 30 s, so a broken journey reports fast.
  context.setDefaultTimeout(PATIENCE_MS);
  context.setDefaultNavigationTimeout(2 * PATIENCE_MS);
  // A language stored by the switch comes with its cookie, as the switch writes both: the host
  // then serves the page in that language.
  const storedLanguage = options.storage?.language;
  if (storedLanguage) await context.addCookies([{ name: 'lang', value: storedLanguage, url: webUrl }]);
  if (options.storage) {
    await context.addInitScript((entries) => {
      // about:blank has no storage of its own; only the shop's origin matters.
      try {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      } catch {
        /* not the shop's origin */
      }
    }, options.storage);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // The URL tells an expected 404 (an unknown product) from a broken request.
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
    // React's word for a prerendered page it had to render again, whatever the level.
    else if (/hydrat/i.test(msg.text())) problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  return { context, page, problems };
}

/** A suite's Chromium, through which its journeys open their pages. */
export interface SuiteBrowser {
  /** The shop in a context of its own (a shopper of its own), with the options a journey asks for. */
  openShop(options?: ShopOptions): Promise<ShopPage>;
  /** A context with exactly these options, for a visitor unlike a shopper's browser (JavaScript off). */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Chromium for the suite that calls this at its top level: launched before the suite's first test
 * and closed after its last, so every browser suite starts and ends it the same way.
 */
export function browserForSuite(webUrl: string | (() => string)): SuiteBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error("Chromium is launched before the suite's first test: open pages in tests and hooks");
    return browser;
  };
  return {
    openShop: (options) => openShop(launched(), typeof webUrl === 'function' ? webUrl() : webUrl, options),
    newContext: (options) => launched().newContext(options),
  };
}

/** expect.poll with a person's patience instead of Vitest's one-second default. */
export function eventually<T>(read: () => T | Promise<T>, timeout = PATIENCE_MS) {
  return expect.poll(read, { timeout });
}

/** The Radix toast viewport is named "Notifications (F8)" in English, "… (F8)" in every language. */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /\(F8\)$/ }).getByRole('listitem');
}

/**
 * Waits for a toast with exactly this title and, if given, exactly this description. Toasts
 * stack, so an earlier one with the same title (a second "Added to cart") does not count.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = toasts(page).filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  try {
    await toast.first().waitFor();
  } catch (error) {
    const shown = await toasts(page).allInnerTexts();
    throw new Error(
      `No toast "${title}"${description === undefined ? '' : ` / "${description}"`}; shown: ${JSON.stringify(shown)}`,
      { cause: error },
    );
  }
}

/** What a sighted shopper can read on the page (no hidden elements, no markup). */
export function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/**
 * Waits for fonts and every finite CSS animation and transition (entrance fades, the category
 * swap) to end, so what is measured afterwards (contrast, layout) is what a shopper sees.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** On the product page: choose size and colour and the quantity, then add. */
export async function addToCart(
  page: Page,
  options: { size?: string; color?: string; quantity?: number },
): Promise<void> {
  const main = page.getByRole('main');
  if (options.color)
    await main.getByRole('group', { name: 'Color' }).getByRole('radio', { name: options.color }).check();
  if (options.size) {
    await main.getByRole('group', { name: 'Size' }).getByRole('radio', { name: options.size, exact: true }).check();
  }
  const quantity = main.getByRole('spinbutton', { name: 'Quantity' });
  const wanted = options.quantity ?? 1;
  // With the stepper's buttons, as a shopper would; the field remembers the last choice.
  while (Number(await quantity.inputValue()) < wanted)
    await main.getByRole('button', { name: 'Increase quantity' }).click();
  while (Number(await quantity.inputValue()) > wanted)
    await main.getByRole('button', { name: 'Decrease quantity' }).click();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
}

/** The header's Language group; its own name is translated ("Language", "Sprache"). */
export function languageSwitcher(page: Page): Locator {
  return page.getByRole('banner').getByRole('group', { name: /^(Language|Sprache)$/ });
}

export interface Shopper {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
}

/** A document client on the local cloud's DynamoDB, for arranging data a journey needs; destroy it when done. */
export function localTable(shop: Pick<LocalCloudEndpoints, 'dynamodbEndpoint' | 'region'>): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: shop.dynamodbEndpoint,
      region: shop.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

/** A client of the local cloud's Cognito, as a test's own admin tool; destroy it when done. */
export function localCognito(
  shop: Pick<LocalCloudEndpoints, 'cognitoEndpoint' | 'region'>,
): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: shop.cognitoEndpoint,
    region: shop.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Signs a new shopper up through Cognito's own API and confirms the account with a verified
 * email (as typing the emailed code does), as a shopper who registered earlier; the UI sign-up
 * itself is the account journey's subject. The sign-up's code email stays in the mailbox.
 */
export async function signUpShopper(shop: LocalCloudEndpoints, firstName = 'Lea'): Promise<Shopper> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.ch`;
  const password = `Linea-${randomUUID().slice(0, 8)}-Aa1!`;
  const cognito = localCognito(shop);
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: shop.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: firstName },
          { Name: 'family_name', Value: 'Meier' },
        ],
      }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: shop.userPoolId, Username: email }));
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: shop.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } finally {
    cognito.destroy();
  }
  return { email, password, firstName };
}

/** Signs in at /auth as a person would and waits for the account page. */
export async function signInThroughUi(page: Page, shopper: Shopper): Promise<void> {
  await page.goto('/auth');
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(shopper.email);
  await main.getByLabel('Password', { exact: true }).fill(shopper.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Logged in successfully', 'Welcome back!');
  await page.waitForURL('**/dashboard');
}

/** One email as the SES emulator's store lists it. */
export interface MailboxEmail {
  readonly destination: { readonly to: string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
}

export async function readMailbox(mailboxUrl: string): Promise<MailboxEmail[]> {
  const response = await fetch(`${mailboxUrl}/store`);
  if (!response.ok) throw new Error(`The mailbox answered ${response.status}`);
  return ((await response.json()) as { emails: MailboxEmail[] }).emails;
}

/** Waits until an email matching `match` has arrived (the bus delivers asynchronously) and returns it. */
export async function waitForEmail(
  mailboxUrl: string,
  match: (email: MailboxEmail) => boolean,
  timeout = 15_000,
): Promise<MailboxEmail> {
  await eventually(async () => (await readMailbox(mailboxUrl)).some(match), timeout).toBe(true);
  const found = (await readMailbox(mailboxUrl)).find(match);
  if (!found) throw new Error('The email vanished from the mailbox');
  return found;
}

/**
 * Waits until the local bus has delivered everything, so that counting emails afterwards also
 * proves that nothing more is on its way.
 */
export async function waitForBusIdle(shop: LocalCloudEndpoints, timeoutMs = 15_000): Promise<void> {
  const response = await fetch(`${shop.eventBusUrl}/idle?timeoutMs=${timeoutMs}`);
  const { idle } = (await response.json()) as { idle: boolean };
  if (!idle) throw new Error(`The event bus was still busy after ${timeoutMs} ms`);
}
