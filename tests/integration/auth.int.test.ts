import type { AdminOverviewResponse } from '@linea/shared/contracts/admin';
import type { MeResponse } from '@linea/shared/contracts/account';
import { SignJWT, base64url, decodeJwt, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, endpoints, signInAsAdmin, signUp, type Shopper } from './helpers';

const UNAUTHORIZED = { error: 'UNAUTHENTICATED', message: 'Unauthorized' };

/** The claims a real ID token of this pool would carry, for forging look-alikes. */
function lookAlikeClaims(shopper: Shopper): Record<string, unknown> {
  const { iss, aud, exp, iat, ...rest } = decodeJwt(shopper.idToken);
  return { ...rest, iss, aud, exp, iat };
}

describe('the JWT authorizer and GET /me', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await signUp({ givenName: 'Lea', familyName: 'Meier' });
  });

  it('answers 401 without a token', async () => {
    const { status, body } = await api('/me');

    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a token signed with another key under the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(lookAlikeClaims(shopper))
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' })
      .sign(privateKey);

    const { status, body } = await api('/me', { token: forged });

    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for an unsigned (alg none) token', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify(lookAlikeClaims(shopper)));

    const { status } = await api('/me', { token: `${header}.${payload}.` });

    expect(status).toBe(401);
  });

  it('answers 401 for a tampered payload of a real token', async () => {
    const [header, , signature] = shopper.idToken.split('.');
    const payload = base64url.encode(JSON.stringify({ ...lookAlikeClaims(shopper), 'cognito:groups': ['admin'] }));

    const { status } = await api('/admin/overview', { token: `${header}.${payload}.${signature}` });

    expect(status).toBe(401);
  });

  it("returns the caller's id, email and names for a real ID token (with or without Bearer)", async () => {
    const withBearer = await api<MeResponse>('/me', { token: shopper.idToken });
    const raw = await api<MeResponse>('/me', { headers: { authorization: shopper.idToken } });

    expect(withBearer.status).toBe(200);
    expect(withBearer.body).toEqual({
      userId: shopper.sub,
      email: shopper.email,
      firstName: 'Lea',
      lastName: 'Meier',
      isAdmin: false,
    });
    expect(raw.body).toEqual(withBearer.body);
  });

  it('knows who is calling from the token alone', async () => {
    const other = await signUp({ givenName: 'Noah', familyName: 'Keller' });

    const { body } = await api<MeResponse>('/me', { token: other.idToken });

    expect(body).toMatchObject({ userId: other.sub, email: other.email, firstName: 'Noah' });
    expect(body.userId).not.toBe(shopper.sub);
  });
});

describe('GET /admin/overview', () => {
  it('answers 403 to a signed-up customer', async () => {
    const customer = await signUp();

    const { status, body } = await api('/admin/overview', { token: customer.idToken });

    expect(status).toBe(403);
    expect(body).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('refuses, as Cognito does, a sign-up that writes cognito:groups, sub, email_verified or an attribute outside the schema', async () => {
    const victim = await signUp();
    const refusal = (attribute: { Name: string; Value: string }) =>
      signUp({}, [attribute]).then(
        () => 'accepted',
        (err: Error) => `${err.name}: ${err.message}`,
      );

    expect(await refusal({ Name: 'cognito:groups', Value: 'admin' })).toBe(
      'NotAuthorizedException: A client attempted to write unauthorized attribute',
    );
    expect(await refusal({ Name: 'sub', Value: victim.sub })).toBe(
      'NotAuthorizedException: A client attempted to write unauthorized attribute',
    );
    // The email is the shopper's claim until a code proves it; a sign-up cannot say it is proven.
    expect(await refusal({ Name: 'email_verified', Value: 'true' })).toBe(
      'NotAuthorizedException: A client attempted to write unauthorized attribute',
    );
    expect(await refusal({ Name: 'token_use', Value: 'access' })).toBe(
      'InvalidParameterException: Attributes did not conform to the schema: Type for attribute {token_use} could not be determined',
    );
    // What the schema allows still works, and the token carries exactly the caller's identity.
    const shopper = await signUp({}, [{ Name: 'locale', Value: 'de' }]);
    const claims = decodeJwt(shopper.idToken);
    expect(claims).toMatchObject({ locale: 'de', token_use: 'id' });
    expect(claims['cognito:groups']).toBeUndefined();
    expect(claims.sub).not.toBe(victim.sub);
    expect((await api('/admin/overview', { token: shopper.idToken })).status).toBe(403);
  });

  it('answers the seeded admin with consistent figures', async () => {
    const token = await signInAsAdmin();

    const { status, body } = await api<AdminOverviewResponse>('/admin/overview', { token });

    expect(status).toBe(200);
    // Other suites place orders in the same cloud, so the figures are checked for consistency, not for zero.
    expect(body.averageOrderValue).toBe(body.orderCount ? Math.round(body.totalRevenue / body.orderCount) : 0);
    expect(body.customerCount).toBeLessThanOrEqual(body.orderCount);
    expect(body.conversionRate).toBe(
      body.customerCount ? Math.round((body.orderCount / body.customerCount) * 1000) / 10 : 0,
    );
    expect(body.productCount).toBeGreaterThanOrEqual(12);
  });

  it('reports the admin as admin on GET /me (cognito:groups reaches the handler flattened)', async () => {
    const token = await signInAsAdmin();

    const { body } = await api<MeResponse>('/me', { token });

    expect(body).toMatchObject({ email: endpoints().adminEmail, isAdmin: true });
  });
});
