/**
 * Faults survived, nothing lost (issue 15): the mail server down while orders are placed. The
 * orders stand; the confirmation email is retried with backoff, then dead-lettered; once the
 * mail server is back, the retries or `npm run redrive` deliver it, and it is sent exactly once.
 *
 * This file runs a local cloud of its own (in its worker, data in a temp dir), because it takes
 * the SES emulator down, which would break the other files on the shared cloud.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_RETRY_ATTEMPTS } from '../../functions/rules';
import { startLocalCloud, type DeadLetter, type LocalCloud } from '../../infra/local/cloud';
import { REPO_ROOT } from '../../infra/local/paths';
import { arrangeProduct, checkout } from './fixtures/shop-order';
import {
  api,
  deadLetters,
  isAccountCodeEmail,
  payOnHostedPage,
  storedEmails,
  uniqueEmail,
  useOwnCloud,
  waitForBusIdle,
  waitForEmail,
  waitForStripeIdle,
} from './helpers';

const run = promisify(execFile);

/** Retries at 0.4, 1.2 and 2.8 s: long enough for the emulator to come back within them, short for a test. */
const RETRY_BASE_MS = 400;
const CONFIRMATION_RULE = 'OrderConfirmationEmail';

let cloud: LocalCloud;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linea-faults-email-'));
  cloud = await startLocalCloud({ persistDir: dataDir, quiet: true, busRetryBaseMs: RETRY_BASE_MS });
  useOwnCloud(cloud.endpoints);
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Checks out and pays on the Stripe stand-in's page; resolves once the order is confirmed. */
async function placePaidOrder(email: string): Promise<OrderDto> {
  const product = await arrangeProduct();
  const { status, body } = await checkout(product, email);
  expect(status, JSON.stringify(body)).toBe(201);
  expect((await payOnHostedPage(body.url, 'pay')).status).toBe(303);
  expect(await waitForStripeIdle()).toBe(true);
  const order = await api<OrderDto>('/orders/from-session', { method: 'POST', json: { sessionId: body.sessionId } });
  expect(order.status).toBe(200);
  return order.body;
}

async function confirmationLetterOf(orderId: string, timeoutMs = 15_000): Promise<DeadLetter> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const letter = (await deadLetters()).find(
      (candidate) =>
        candidate.rule === CONFIRMATION_RULE && (candidate.event.detail as { orderId?: string }).orderId === orderId,
    );
    if (letter) return letter;
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
  throw new Error(`The confirmation of order ${orderId} was not dead-lettered within ${timeoutMs} ms`);
}

async function shopEmailsTo(email: string): Promise<number> {
  return (await storedEmails()).filter((mail) => mail.destination.to.includes(email) && !isAccountCodeEmail(mail))
    .length;
}

/** `npm run redrive` as a person runs it, against this file's cloud. */
async function npmRunRedrive(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'redrive', '--', '--data-dir', dataDir], {
      cwd: REPO_ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the mail server down during an order', () => {
  it('keeps the order, retries with backoff, dead-letters the email, and npm run redrive sends it exactly once', async () => {
    const email = uniqueEmail('ses-down');
    await cloud.standIns.stop('ses');
    const order = await placePaidOrder(email);

    // The order stands although its email cannot go out.
    expect(order.status).toBe('confirmed');
    const letter = await confirmationLetterOf(order.id);
    expect(letter.attempts).toBe(RULE_RETRY_ATTEMPTS + 1);
    // Exponential backoff: 0.4 + 0.8 + 1.6 s between the first try and the dead letter (a constant
    // 0.4 s delay would take 1.2 s).
    const backoffMs = Date.parse(letter.failedAt) - Date.parse(letter.firstAttemptAt as string);
    expect(backoffMs).toBeGreaterThanOrEqual(RETRY_BASE_MS * (2 ** RULE_RETRY_ATTEMPTS - 1));
    expect(backoffMs).toBeLessThan(RETRY_BASE_MS * 2 ** RULE_RETRY_ATTEMPTS + 2_000);
    expect(existsSync(letter.file)).toBe(true);

    // A redrive while the mail server is still down fails again, says so, and keeps the letter.
    const tooEarly = await npmRunRedrive();
    expect(tooEarly.code).toBe(1);
    expect(tooEarly.stderr).toContain(letter.event.id);
    expect((await confirmationLetterOf(order.id)).attempts).toBe(RULE_RETRY_ATTEMPTS + 2);

    await cloud.standIns.start('ses');
    const kept = join(dataDir, 'redelivered-twice.json');
    copyFileSync(letter.file, kept);
    const redriven = await npmRunRedrive();
    expect(redriven.code, redriven.stderr).toBe(0);
    expect(redriven.stdout).toContain(`delivered  ${letter.event.id}  ${CONFIRMATION_RULE}`);
    expect(existsSync(letter.file)).toBe(false);
    expect((await waitForEmail(email)).subject).toContain(order.number);

    // The same letter redriven once more (as two people redriving at once would) sends nothing new.
    copyFileSync(kept, letter.file);
    expect((await npmRunRedrive()).code).toBe(0);
    expect(existsSync(letter.file)).toBe(false);
    expect(await shopEmailsTo(email)).toBe(1);
  });

  it('sends the confirmation once by the retries when the mail server is back before they are spent', async () => {
    const email = uniqueEmail('ses-back');
    await cloud.standIns.stop('ses');
    const order = await placePaidOrder(email);
    expect(order.status).toBe('confirmed');

    await cloud.standIns.start('ses');
    await waitForEmail(email, 15_000);
    expect(await waitForBusIdle()).toBe(true);
    expect(await shopEmailsTo(email)).toBe(1);
    const letters = await deadLetters();
    expect(letters.some((letter) => (letter.event.detail as { orderId?: string }).orderId === order.id)).toBe(false);
  });
});
