/**
 * Debian's Chromium driven by playwright-core. The flags keep Chromium from reaching for the
 * network this machine does not have (background services, updates, QUIC).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface ShopPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests the page produced; a journey should end with none. */
  problems: string[];
}

export async function openShop(browser: Browser, webUrl: string, options: { locale?: string } = {}): Promise<ShopPage> {
  const context = await browser.newContext({ baseURL: webUrl, locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  return { context, page, problems };
}
