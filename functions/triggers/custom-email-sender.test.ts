import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailLanguageFor } from '../services/email-language';
import { sendEmail } from '../lib/email';
import { createCustomEmailSender, type CustomEmailSenderEvent } from './custom-email-sender';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESClient);
const CODE = '482913';
const ENCRYPTED = 'AYADeJ...encrypted-by-cognito';
const SUB = '7d1f6c2a-4b1e-4f0a-9d3c-2e5b8a7c6d4f';

const decryptCode = vi.fn(async (encrypted: string) => (encrypted === ENCRYPTED ? CODE : 'wrong'));
const sender = createCustomEmailSender({ decryptCode, emailLanguage: emailLanguageFor, send: sendEmail });
const logged: string[] = [];

beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
  decryptCode.mockClear();
  ddbMock.on(GetCommand).resolves({});
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  logged.length = 0;
  const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'info').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => vi.restoreAllMocks());

function event(
  triggerSource: string,
  extra: { clientMetadata?: Record<string, string>; attributes?: Record<string, string> } = {},
): CustomEmailSenderEvent {
  return {
    triggerSource,
    userPoolId: 'eu-central-2_test',
    userName: SUB,
    request: {
      type: 'customEmailSenderRequestV1',
      code: ENCRYPTED,
      userAttributes: { sub: SUB, email: 'lea@example.ch', email_verified: 'false', ...extra.attributes },
      ...(extra.clientMetadata ? { clientMetadata: extra.clientMetadata } : {}),
    },
  };
}

function sent() {
  const calls = sesMock.commandCalls(SendEmailCommand);
  return calls.map(({ args: [command] }) => ({
    from: command.input.Source,
    to: command.input.Destination?.ToAddresses,
    subject: command.input.Message?.Subject?.Data,
    text: command.input.Message?.Body?.Text?.Data ?? '',
    html: command.input.Message?.Body?.Html?.Data ?? '',
  }));
}

describe('CustomEmailSender trigger', () => {
  it("mails a sign-up's decrypted code from the shop, in the language the page asked, and never logs it", async () => {
    await sender(event('CustomEmailSender_SignUp', { clientMetadata: { locale: 'de' } }));
    expect(decryptCode).toHaveBeenCalledWith(ENCRYPTED);
    const [mail] = sent();
    expect(mail).toMatchObject({
      from: 'shop@linea.test',
      to: ['lea@example.ch'],
      subject: 'Ihr LINEA-Bestätigungscode',
    });
    expect(mail?.text).toContain(`Ihr Code: ${CODE}`);
    expect(mail?.text).toContain('Er ist 24 Stunden gültig.');
    expect(mail?.text).toContain('können Sie diese E-Mail ignorieren');
    expect(mail?.html).toContain(`>${CODE}</p>`);
    expect(mail?.html).not.toContain(ENCRYPTED);
    expect(logged.join('\n')).not.toContain(CODE);
    expect(logged.join('\n')).toContain('Account code sent');
  });

  it("prefers the language stored in the customer's profile to the page's", async () => {
    ddbMock
      .on(GetCommand, { Key: { PK: `CUSTOMER#${SUB}`, SK: 'PROFILE' } })
      .resolves({ Item: { PK: `CUSTOMER#${SUB}`, SK: 'PROFILE', emailLanguage: 'en', updatedAt: 'x' } });
    await sender(event('CustomEmailSender_ForgotPassword', { clientMetadata: { locale: 'de' } }));
    expect(sent()[0]?.subject).toBe('Reset your LINEA password');
    expect(sent()[0]?.text).toContain('It is valid for 1 hour.');
  });

  it("falls back to the user's locale attribute, then English, and sends even when the profile cannot be read", async () => {
    ddbMock.on(GetCommand).rejects(new Error('throttled'));
    await sender(event('CustomEmailSender_ForgotPassword', { attributes: { locale: 'de' } }));
    await sender(event('CustomEmailSender_ResendCode', { clientMetadata: { locale: 'fr' } }));
    expect(sent().map((mail) => mail.subject)).toEqual([
      'Ihr LINEA-Passwort zurücksetzen',
      'Your LINEA confirmation code',
    ]);
  });

  it('mails verification codes and the temporary password of an account an administrator created', async () => {
    await sender(event('CustomEmailSender_UpdateUserAttribute'));
    await sender(event('CustomEmailSender_VerifyUserAttribute'));
    await sender(event('CustomEmailSender_AdminCreateUser', { clientMetadata: { locale: 'de' } }));
    const [update, verify, invitation] = sent();
    expect(update?.subject).toBe('Your LINEA verification code');
    expect(verify?.subject).toBe('Your LINEA verification code');
    expect(invitation?.subject).toBe('Ihr LINEA-Konto');
    expect(invitation?.text).toContain(`Vorläufiges Passwort: ${CODE}`);
  });

  it('sends nothing for a message it has no email for, and fails when SES does, so Cognito reports it', async () => {
    await sender(event('CustomEmailSender_AccountTakeOverNotification'));
    await sender({ ...event('CustomEmailSender_SignUp'), request: { ...event('x').request, code: null } });
    expect(sent()).toHaveLength(0);
    expect(decryptCode).not.toHaveBeenCalled();
    sesMock.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(sender(event('CustomEmailSender_SignUp'))).rejects.toThrow('MessageRejected');
  });
});
