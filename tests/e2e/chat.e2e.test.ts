/**
 * The shop assistant, as a shopper meets it: the round button that arrives after the page, a
 * product question whose card leads to the product, a size question, and, signed in, "where is
 * my order"; in German too; the failure message when Bedrock is down; keyboard use, a phone,
 * and axe on the open panel in both themes. Locally the answers come from the Bedrock stand-in's
 * rule-based responder through the shop's real tool loop.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { toItem } from '../../functions/data/order-repository';
import { anOrder } from '../fixtures/orders';
import { axeFindingLines } from './axe';
import {
  browserForSuite,
  eventually,
  expectToast,
  settle,
  signInThroughUi,
  signUpShopper,
  type ShopOptions,
  localCognito,
  localTable,
} from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);
afterEach(async () => {
  await fetch(`${shop.bedrockEndpoint}/_stand-in/faults`, { method: 'DELETE' });
});

/** The storefront with a reduced-motion shopper: the journeys are about the assistant, not the fades. */
function visit(options: ShopOptions = {}) {
  return browser.openShop({ reducedMotion: 'reduce', ...options });
}

/** Opens the assistant with its round button, once the button has arrived after the page. */
async function openAssistant(page: Page, names = { launcher: 'Open shop assistant', panel: 'Shop Assistant' }) {
  await page.getByRole('button', { name: names.launcher }).click();
  const panel = page.getByRole('dialog', { name: names.panel });
  await panel.waitFor();
  return panel;
}

/** Types a question and sends it with Enter; waits until the answer is in (the field is enabled again). */
async function ask(panel: Locator, question: string): Promise<Locator> {
  const field = panel.getByRole('textbox');
  await field.fill(question);
  await field.press('Enter');
  const log = panel.getByRole('log');
  await log.getByRole('listitem').filter({ hasText: question }).first().waitFor();
  await eventually(() => field.isEnabled()).toBe(true);
  return log;
}

describe('the shop assistant', () => {
  it('finds a product whose card leads to its page, keeps the conversation there, and advises a size', async () => {
    const { page, context, problems } = await visit();
    await page.goto('/');
    // The widget's code arrives after the page: the page is usable before it.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const panel = await openAssistant(page);
    await eventually(() => panel.getByRole('textbox').evaluate((el) => el === document.activeElement)).toBe(true);
    await panel
      .getByText("Hi! I'm here to help you find the perfect clothes and answer any questions about our products.", {
        exact: false,
      })
      .waitFor();
    await expect(panel.getByRole('textbox').getAttribute('placeholder')).resolves.toBe(
      'Ask about products, sizes, orders...',
    );

    // An empty question is not sent.
    await panel.getByRole('textbox').fill('   ');
    await expect(panel.getByRole('button', { name: 'Send message' }).isDisabled()).resolves.toBe(true);

    const log = await ask(panel, 'Do you have a merino sweater?');
    await log
      .getByText(/Merino Crew Sweater/)
      .first()
      .waitFor();
    const card = log.getByRole('link', { name: /^Merino Crew Sweater CHF\s/ });
    await card.click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: 'Merino Crew Sweater' }).waitFor();

    // Same conversation on the new page; now a size question.
    await panel.getByText('You: Do you have a merino sweater?').waitFor();
    const sized = await ask(panel, 'What size should I take with a 99 cm chest?');
    await sized.getByText(/\bM\b/).last().waitFor();
    expect(await sized.getByRole('listitem').count()).toBeGreaterThan(0);

    // Escape closes it and gives focus back to the round button; the conversation is kept.
    await page.keyboard.press('Escape');
    const launcher = page.getByRole('button', { name: 'Open shop assistant' });
    await eventually(() => launcher.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await panel.getByText('You: What size should I take with a 99 cm chest?').waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks a guest to sign in, then tells the signed-in customer where their order is', async () => {
    const shopper = await signUpShopper(shop, 'Mara');
    const sub = await subOf(shopper);
    const now = new Date().toISOString();
    const order = anOrder({
      id: randomUUID(),
      userId: sub,
      email: shopper.email,
      status: 'shipped',
      carrier: 'Swiss Post',
      trackingNumber: '99.00.123456.87654321',
      trackingUrl: 'https://service.post.ch/ekp-web/ui/entry/search/99.00.123456.87654321',
      createdAt: now,
      updatedAt: now,
    });
    await putOrder(order);

    const { page, context, problems } = await visit();
    // Asked as a guest first: the assistant cannot see orders and says where to sign in.
    await page.goto('/products');
    let panel = await openAssistant(page);
    const asGuest = await ask(panel, 'Where is my order?');
    await asGuest
      .getByText(/\/auth/)
      .last()
      .waitFor();
    await page.getByRole('button', { name: 'Close shop assistant' }).click();

    await signInThroughUi(page, shopper);
    panel = await openAssistant(page);
    const log = await ask(panel, 'Where is my order?');
    await log.getByText(order.id.slice(-8).toUpperCase(), { exact: false }).last().waitFor();
    await log
      .getByText(/Shipped/)
      .last()
      .waitFor();
    await log
      .getByText(/99\.00\.123456\.87654321/)
      .last()
      .waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks German on a German page: greeting, answer and card', async () => {
    const { page, context, problems } = await visit({ storage: { language: 'de' } });
    await page.goto('/products');
    const panel = await openAssistant(page, { launcher: 'Shop-Assistent öffnen', panel: 'Shop-Assistent' });
    await panel.getByText(/Hallo! Ich helfe Ihnen gern/).waitFor();
    await expect(panel.getByRole('textbox').getAttribute('placeholder')).resolves.toBe(
      'Fragen zu Produkten, Grössen, Bestellungen...',
    );
    const log = await ask(panel, 'Haben Sie einen Schal?');
    await log.getByRole('link', { name: /^Schal aus Lammwolle CHF\s/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says the spec's message and toasts when the assistant is unavailable, and recovers", async () => {
    const { page, context } = await visit();
    await page.goto('/');
    const panel = await openAssistant(page);
    await fetch(`${shop.bedrockEndpoint}/_stand-in/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ThrottlingException', count: 10 }),
    });
    const log = await ask(panel, 'Do you have a tee?');
    await log
      .getByText(
        'Sorry, our AI assistant is temporarily unavailable due to API quota limits. Please try again later or contact support.',
      )
      .waitFor();
    await expectToast(page, 'Error', 'AI assistant temporarily unavailable');

    await fetch(`${shop.bedrockEndpoint}/_stand-in/faults`, { method: 'DELETE' });
    const again = await ask(panel, 'Do you have a tee?');
    await again.getByRole('link', { name: /Essential Organic Tee/ }).waitFor();
    await context.close();
  });

  it('fills a 360 px phone, and following a card closes it so the product shows', async () => {
    const { page, context, problems } = await visit({ viewport: { width: 360, height: 740 }, touch: true });
    await page.goto('/');
    const panel = await openAssistant(page);
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 360 });
    expect(Math.round(box?.height ?? 0)).toBe(740);
    const log = await ask(panel, 'Do you have a scarf?');
    await log.getByRole('link', { name: /^Lambswool Scarf CHF\s/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Lambswool Scarf' }).waitFor();
    await eventually(() => panel.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe with the panel open, an answer and its cards shown, in the ${colorScheme} theme`, async () => {
      const { page, context } = await visit({ colorScheme, storage: { 'vite-ui-theme': colorScheme } });
      await page.goto('/products');
      const panel = await openAssistant(page);
      const log = await ask(panel, 'Do you have a tee?');
      await log.getByRole('link').first().waitFor();
      await settle(page);
      expect(await axeFindingLines(page)).toEqual([]);
      await context.close();
    });
  }
});

/** The account's id, as its ID token carries it. */
async function subOf(shopper: { email: string; password: string }): Promise<string> {
  const cognito = localCognito(shop);
  try {
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: shop.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: shopper.email, PASSWORD: shopper.password },
      }),
    );
    return String(decodeJwt(AuthenticationResult?.IdToken ?? '').sub);
  } finally {
    cognito.destroy();
  }
}

async function putOrder(order: ReturnType<typeof anOrder>): Promise<void> {
  const db = localTable(shop);
  try {
    await db.send(new PutCommand({ TableName: shop.tableName, Item: toItem(order) }));
  } finally {
    db.destroy();
  }
}
