/**
 * An admin whose account has an authenticator app (TOTP) signs in at /admin-login with the
 * app's code after the password; a wrong code is refused and may be typed again. cognito-local
 * answers the TOTP challenge as Cognito does. (Whether an admin *without* an app gets in is the
 * cloud's admin TOTP guard, a Pre Token Generation trigger the local cloud does not run: see
 * functions/triggers/admin-totp-guard.test.ts and tests/infra/cognito-abuse.test.ts.)
 */
import { createHmac } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { browserForSuite, expectToast, signUpShopper, type Shopper, localCognito } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The code an authenticator app shows now for a base32 key (RFC 6238: SHA-1, 30 s, 6 digits). */
function totpCode(secret: string, at = Date.now()): string {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A new account in the admin group that has activated an authenticator app; returns its key. */
async function adminWithAuthenticatorApp(): Promise<Shopper & { secret: string }> {
  const account = await signUpShopper(shop, 'Tove');
  const cognito = localCognito(shop);
  try {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: shop.userPoolId, Username: account.email, GroupName: ADMIN_GROUP }),
    );
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: shop.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    const AccessToken = AuthenticationResult?.AccessToken ?? '';
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    const secret = SecretCode ?? '';
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(secret) }));
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { ...account, secret };
  } finally {
    cognito.destroy();
  }
}

describe('admin sign-in with an authenticator app', () => {
  it('asks for the code after the password, refuses a wrong one, and lets the right one in', async () => {
    const admin = await adminWithAuthenticatorApp();
    const { page, context } = await browser.openShop({ reducedMotion: 'reduce' });
    try {
      await page.goto('/admin-login');
      const main = page.getByRole('main');
      await main.getByLabel('Email', { exact: true }).fill(admin.email);
      await main.getByLabel('Password', { exact: true }).fill(admin.password);
      await main.getByRole('button', { name: 'Access Admin Panel' }).click();

      const codeField = main.getByLabel('Code from your authenticator app');
      // A code from five minutes ago, outside any clock tolerance.
      const stale = totpCode(admin.secret, Date.now() - 5 * 60_000);
      await codeField.fill(stale === totpCode(admin.secret) ? '000000' : stale);
      await main.getByRole('button', { name: 'Verify' }).click();
      await main.getByText('The code is wrong or has expired. Enter the current one.').waitFor();
      expect(page.url()).toMatch(/\/admin-login$/);

      await codeField.fill(totpCode(admin.secret));
      await main.getByRole('button', { name: 'Verify' }).click();
      await expectToast(page, 'Welcome to Admin Panel');
      await page.waitForURL(/\/admin$/);
      await main.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
