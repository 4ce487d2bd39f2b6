/**
 * SES's bounces and complaints in the one-machine cloud: mail to the mailbox simulator's
 * bounce@ and complaint@ addresses makes the local SES emulator's feedback (ses-feedback.ts)
 * call the feedback topic's subscriber, which deactivates the newsletter subscriber. Labelled
 * addresses (bounce+label@…) keep each run's subscribers its own.
 */
import type { NewsletterDto } from '@linea/shared/contracts/newsletter';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { createSubscriberRepository } from '../../functions/data/subscriber-repository';
import {
  api,
  documentClient,
  endpoints,
  newsletterConfirmLink,
  signInAsAdmin,
  storedEmails,
  unique,
  waitForBusIdle,
  waitForConfirmationEmail,
  type ApiResponse,
  admitted,
  pause,
} from './helpers';

const throttled = (path: string, json: unknown): Promise<ApiResponse> =>
  admitted(() => api(path, { method: 'POST', json }));

async function subscriberItem(email: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: endpoints().tableName, Key: keys.subscriber(email), ConsistentRead: true }),
  );
  return Item;
}

/** Polls the subscriber until `accept` holds. */
async function waitForSubscriber(
  email: string,
  accept: (item: Record<string, unknown> | undefined) => boolean,
  timeoutMs = 10_000,
): Promise<Record<string, unknown> | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await subscriberItem(email);
    if (accept(item)) return item;
    if (Date.now() > deadline) throw new Error(`Subscriber ${email} not as expected: ${JSON.stringify(item)}`);
    await pause(100);
  }
}

/** Sends a fresh newsletter to every active subscriber and waits until it is sent. */
async function sendNewsletter(admin: string, subject: string): Promise<void> {
  const created = await api<NewsletterDto>('/admin/newsletters', {
    method: 'POST',
    token: admin,
    json: { title: subject, subject, content: 'News.' },
  });
  expect(created.status).toBe(201);
  const sent = await api(`/admin/newsletters/${created.body.id}/send`, {
    method: 'POST',
    token: admin,
    json: { fromEmail: 'editor@linea.test' },
  });
  expect(sent.status).toBe(202);
  const deadline = Date.now() + 40_000;
  for (;;) {
    const { body } = await api<{ items: NewsletterDto[] }>('/admin/newsletters', { token: admin });
    if (body.items.find((item) => item.id === created.body.id)?.status === 'sent') return;
    if (Date.now() > deadline) throw new Error(`Newsletter ${subject} not sent`);
    await pause(200);
  }
}

const mailsTo = async (address: string, subject: string) =>
  (await storedEmails()).filter((email) => email.subject === subject && email.destination.to.includes(address));

describe.each([
  ['bounce', 'bounced'],
  ['complaint', 'complained'],
] as const)('mail to %s@simulator.amazonses.com', (simulator, reason) => {
  let admin: string;
  beforeAll(async () => {
    admin = await signInAsAdmin();
  });

  it(`deactivates a pending sign-up as ${reason}, so its confirmation link no longer confirms it`, async () => {
    // Arrange
    const address = `${simulator}+${unique('signup')}@simulator.amazonses.com`.toLowerCase();

    // Act: the sign-up mails the confirmation link, which SES reports back.
    const { status } = await throttled('/newsletter/subscribers', { email: address, locale: 'en' });
    expect(status).toBe(202);
    const link = newsletterConfirmLink(await waitForConfirmationEmail(address));

    // Assert
    const item = await waitForSubscriber(address, (candidate) => candidate?.deactivatedBecause !== undefined);
    expect(item).toMatchObject({ isActive: false, deactivatedBecause: reason, deactivatedAt: expect.any(String) });
    expect(item?.confirmToken).toBeUndefined();
    const confirmed = await throttled('/newsletter/confirm', { email: link.email, token: link.token });
    expect(confirmed.status).toBe(404);
    expect(await subscriberItem(address)).toMatchObject({ isActive: false, deactivatedBecause: reason });
  });

  it(`deactivates an active subscriber whose newsletter ${reason === 'bounced' ? 'bounced' : 'was reported'}, and leaves it out of the next`, async () => {
    // Arrange: an active subscriber (as one from before the double opt-in).
    const address = `${simulator}+${unique('reader')}@simulator.amazonses.com`.toLowerCase();
    await createSubscriberRepository(documentClient(), () => endpoints().tableName).add({
      email: address,
      locale: 'en',
      isActive: true,
      subscribedAt: new Date().toISOString(),
    });
    const first = `Feedback first ${unique('nl')}`;
    const second = `Feedback second ${unique('nl')}`;

    // Act
    await sendNewsletter(admin, first);
    const item = await waitForSubscriber(address, (candidate) => candidate?.isActive === false);
    await waitForBusIdle();
    await sendNewsletter(admin, second);

    // Assert
    expect(await mailsTo(address, first)).toHaveLength(1);
    expect(item).toMatchObject({
      deactivatedBecause: reason,
      deactivationFeedbackId: expect.stringMatching(/^local-/),
    });
    expect(await mailsTo(address, second)).toHaveLength(0);
  }, 90_000);
});
