import { buildDecrypt } from '@aws-crypto/decrypt-node';
import { KmsKeyringNode } from '@aws-crypto/kms-keyring-node';
import { CommitmentPolicy } from '@aws-crypto/material-management-node';
import type { Locale } from '@linea/shared/domain/money';
import { accountCodeEmail, type CodePurpose } from '../email/account-code';
import { awsInvocation } from '../lib/aws-invocation';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';
import { emailLanguageFor } from '../services/email-language';

/** The fields of Cognito's CustomEmailSender event this trigger reads. */
export interface CustomEmailSenderEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  request: {
    type: string;
    /** The code, encrypted by Cognito with the pool's KMS key (AWS Encryption SDK message, base64). */
    code: string | null;
    userAttributes: Record<string, string>;
    clientMetadata?: Record<string, string>;
  };
}

const PURPOSES: Readonly<Record<string, CodePurpose>> = {
  CustomEmailSender_SignUp: 'signUp',
  CustomEmailSender_ResendCode: 'signUp',
  CustomEmailSender_ForgotPassword: 'resetPassword',
  CustomEmailSender_UpdateUserAttribute: 'verifyEmail',
  CustomEmailSender_VerifyUserAttribute: 'verifyEmail',
  CustomEmailSender_AdminCreateUser: 'invitation',
};

const LOCALES: ReadonlySet<string> = new Set(['en', 'de']);
const asLocale = (value: string | undefined): Locale | undefined =>
  value && LOCALES.has(value) ? (value as Locale) : undefined;

/**
 * Cognito (and cognito-local) encrypt with a suite that does not commit to its key; such
 * messages must still open, so decryption allows them while encryption would require commitment.
 */
const { decrypt } = buildDecrypt(CommitmentPolicy.REQUIRE_ENCRYPT_ALLOW_DECRYPT);

export async function decryptCode(encrypted: string, keyArn: string): Promise<string> {
  const keyring = new KmsKeyringNode({ keyIds: [keyArn] });
  const { plaintext } = await decrypt(keyring, Buffer.from(encrypted, 'base64'));
  return plaintext.toString('utf8');
}

export interface SenderDeps {
  decryptCode: (encrypted: string) => Promise<string>;
  emailLanguage: (userId: string | undefined, fallback: Locale) => Promise<Locale>;
  send: typeof sendEmail;
}

const defaults: SenderDeps = {
  decryptCode: (encrypted) => {
    const keyArn = process.env.CODE_KEY_ARN;
    if (!keyArn) throw new Error('Environment variables not set: CODE_KEY_ARN');
    return decryptCode(encrypted, keyArn);
  },
  emailLanguage: (userId, fallback) => emailLanguageFor(userId, fallback),
  send: sendEmail,
};

/**
 * Cognito's CustomEmailSender: every code Cognito sends by email (confirming a sign-up, resetting
 * a password) goes out through SES from the shop's address, in the customer's language: their
 * account's choice, else the language the page asked in, else their `locale`, else English. The
 * code is decrypted here and never logged. A failure throws, so Cognito reports it to the caller.
 */
export function createCustomEmailSender(deps: SenderDeps = defaults) {
  return awsInvocation(async (event: CustomEmailSenderEvent): Promise<void> => {
    const purpose = PURPOSES[event.triggerSource];
    const to = event.request.userAttributes.email;
    if (!purpose || !event.request.code || !to) {
      logger.warn('Custom email sender: nothing to send', { triggerSource: event.triggerSource });
      return;
    }
    const fallback =
      asLocale(event.request.clientMetadata?.locale) ?? asLocale(event.request.userAttributes.locale) ?? 'en';
    // The stored choice is a nicety: an unreadable profile must not keep the code from the customer.
    const locale = await deps.emailLanguage(event.request.userAttributes.sub, fallback).catch((err: unknown) => {
      logger.warn('Custom email sender: profile language unreadable', { error: (err as Error).name });
      return fallback;
    });
    const code = await deps.decryptCode(event.request.code);
    await deps.send(to, accountCodeEmail(purpose, code, locale), { kind: 'account-code' });
    logger.info('Account code sent', { triggerSource: event.triggerSource, locale });
  });
}

export const handler = createCustomEmailSender();
