/**
 * The customer account through the public API: saved addresses with exactly one default under
 * concurrency, the customer's own orders, the email language, and deleting the account.
 */
import { randomUUID } from 'node:crypto';
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AddressDto, AddressListResponse, MyOrdersResponse, ProfileDto } from '@linea/shared/contracts/account';
import { describe, expect, it } from 'vitest';
import { toItem, type Order } from '../../functions/data/order-repository';
import { anOrder } from '../fixtures/orders';
import { api, documentClient, endpoints, putEvents, signIn, signUp, waitForEmail, type Shopper } from './helpers';

const db = documentClient();
const home = {
  firstName: 'Lea',
  lastName: 'Meier',
  address: 'Seestrasse 4',
  city: 'Luzern',
  zipCode: '6004',
  country: 'CH',
};

async function addAddress(shopper: Shopper, overrides: Record<string, unknown> = {}) {
  return api<AddressDto>('/addresses', { method: 'POST', token: shopper.idToken, json: { ...home, ...overrides } });
}
async function listAddresses(shopper: Shopper): Promise<AddressDto[]> {
  return (await api<AddressListResponse>('/addresses', { token: shopper.idToken })).body.items;
}

async function arrangeOrder(overrides: Partial<Order>): Promise<Order> {
  const now = new Date().toISOString();
  const order = anOrder({ id: randomUUID(), status: 'confirmed', createdAt: now, updatedAt: now, ...overrides });
  await db.send(new PutCommand({ TableName: endpoints().tableName, Item: toItem(order) }));
  return order;
}

describe('saved addresses', () => {
  it('adds, lists with the default first, edits, switches the default and deletes, answering as the spec says', async () => {
    const shopper = await signUp();
    const first = await addAddress(shopper);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...home, isDefault: true });
    const second = await addAddress(shopper, { address: 'Bahnhofstrasse 1', city: 'Zürich', zipCode: '8001' });
    expect(second.body.isDefault).toBe(false);

    const edited = await api<AddressDto>(`/addresses/${second.body.id}`, {
      method: 'PATCH',
      token: shopper.idToken,
      json: { city: 'Winterthur', zipCode: '8400', isDefault: true },
    });
    expect(edited.body).toMatchObject({ city: 'Winterthur', zipCode: '8400', isDefault: true });
    expect((await listAddresses(shopper)).map((a) => [a.id, a.isDefault])).toEqual([
      [second.body.id, true],
      [first.body.id, false],
    ]);

    expect((await api(`/addresses/${second.body.id}`, { method: 'DELETE', token: shopper.idToken })).status).toBe(204);
    expect(await listAddresses(shopper)).toEqual([expect.objectContaining({ id: first.body.id, isDefault: true })]);
  });

  it("refuses a foreign country, a ZIP that is not Swiss, unknown fields, and another customer's address", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const bad = await addAddress(owner, { country: 'DE', zipCode: '123', isAdmin: true });
    expect(bad.status).toBe(400);
    const fields = (bad.body as unknown as { details: { fields: { field: string }[] } }).details.fields.map(
      (f) => f.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['country', 'zipCode']));

    const { body: mine } = await addAddress(owner);
    for (const method of ['PATCH', 'DELETE']) {
      const res = await api(`/addresses/${mine.id}`, {
        method,
        token: stranger.idToken,
        ...(method === 'PATCH' ? { json: { city: 'Bern' } } : {}),
      });
      expect(res.status).toBe(404);
    }
    expect(await listAddresses(owner)).toEqual([expect.objectContaining({ id: mine.id, city: 'Luzern' })]);
    expect((await api('/addresses')).status).toBe(401);
  });

  it('keeps exactly one default while 20 switches and deletes race each other', async () => {
    const shopper = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await addAddress(shopper, { address: `Weg ${i + 1}` })).body.id);

    const switches = Array.from({ length: 20 }, (_, i) =>
      api(`/addresses/${ids[i % ids.length]}`, { method: 'PATCH', token: shopper.idToken, json: { isDefault: true } }),
    );
    const responses = await Promise.all(switches);
    expect(responses.every((res) => res.status === 200)).toBe(true);
    expect((await listAddresses(shopper)).filter((a) => a.isDefault)).toHaveLength(1);

    // Deletes of the default and of its likely successor, while others switch.
    const current = (await listAddresses(shopper)).find((a) => a.isDefault)!.id;
    const others = ids.filter((id) => id !== current);
    await Promise.all([
      api(`/addresses/${current}`, { method: 'DELETE', token: shopper.idToken }),
      api(`/addresses/${others[others.length - 1]}`, { method: 'DELETE', token: shopper.idToken }),
      api(`/addresses/${others[0]}`, { method: 'PATCH', token: shopper.idToken, json: { isDefault: true } }),
      api(`/addresses/${others[1]}`, { method: 'PATCH', token: shopper.idToken, json: { isDefault: true } }),
    ]);
    const left = await listAddresses(shopper);
    expect(left).toHaveLength(4);
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
    expect(left[0]!.isDefault).toBe(true);

    await Promise.all(left.map((a) => api(`/addresses/${a.id}`, { method: 'DELETE', token: shopper.idToken })));
    expect(await listAddresses(shopper)).toEqual([]);
    const { body } = await addAddress(shopper);
    expect(body.isDefault).toBe(true);
  });
});

describe('GET /orders', () => {
  it("lists the caller's orders newest first, a page at a time, and never a guest order with their email", async () => {
    const shopper = await signUp();
    const other = await signUp();
    const mine = [];
    for (let i = 0; i < 3; i += 1) {
      mine.push(
        await arrangeOrder({
          userId: shopper.sub,
          email: shopper.email,
          createdAt: new Date(Date.now() - (3 - i) * 60_000).toISOString(),
        }),
      );
    }
    await arrangeOrder({ email: shopper.email }); // placed as a guest with the same email
    await arrangeOrder({ userId: other.sub, email: other.email });

    const first = await api<MyOrdersResponse>('/orders?limit=2', { token: shopper.idToken });
    expect(first.status).toBe(200);
    expect(first.body.items.map((o) => o.id)).toEqual([mine[2]!.id, mine[1]!.id]);
    const second = await api<MyOrdersResponse>(`/orders?limit=2&cursor=${first.body.nextCursor}`, {
      token: shopper.idToken,
    });
    expect(second.body.items.map((o) => o.id)).toEqual([mine[0]!.id]);
    expect(second.body.nextCursor).toBeUndefined();

    // Another customer's cursor does not open this customer's orders.
    const theirs = await api('/orders?limit=1', { token: other.idToken });
    expect(theirs.status).toBe(200);
    const forged = await api(`/orders?cursor=${first.body.nextCursor}`, { token: other.idToken });
    expect(forged.status).toBe(400);
  });
});

describe('the email language', () => {
  it('defaults to English, keeps the choice, and mails the order confirmation in it', async () => {
    const shopper = await signUp();
    expect((await api<ProfileDto>('/me/profile', { token: shopper.idToken })).body).toEqual({ emailLanguage: 'en' });
    const put = await api<ProfileDto>('/me/profile', {
      method: 'PUT',
      token: shopper.idToken,
      json: { emailLanguage: 'de' },
    });
    expect(put.body).toEqual({ emailLanguage: 'de' });
    expect((await api<ProfileDto>('/me/profile', { token: shopper.idToken })).body).toEqual({ emailLanguage: 'de' });
    expect(
      (await api('/me/profile', { method: 'PUT', token: shopper.idToken, json: { emailLanguage: 'fr' } })).status,
    ).toBe(400);

    // An order the customer placed in English, confirmed: the email follows their choice.
    const order = await arrangeOrder({ userId: shopper.sub, email: shopper.email, locale: 'en', status: 'confirmed' });
    await putEvents([
      {
        Source: 'linea.shop',
        DetailType: 'OrderStatusChanged',
        Detail: JSON.stringify({
          version: 1,
          orderId: order.id,
          from: 'pending',
          to: 'confirmed',
          reason: 'payment_succeeded',
          email: order.email,
          locale: 'en',
          changedAt: new Date().toISOString(),
        }),
      },
    ]);
    const mail = await waitForEmail(shopper.email);
    expect(mail.subject).toMatch(/^Ihre LINEA-Bestellung /);
  });
});

describe('tokens', () => {
  it('accepts only ID tokens: an access token of the same user is no one', async () => {
    const shopper = await signUp();
    const client = new CognitoIdentityProviderClient({
      endpoint: endpoints().cognitoEndpoint,
      region: endpoints().region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: endpoints().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: shopper.email, PASSWORD: shopper.password },
      }),
    );
    client.destroy();
    expect((await api('/me', { token: AuthenticationResult!.AccessToken! })).status).toBe(401);
    expect((await api('/me', { token: shopper.idToken })).status).toBe(200);
  });
});

describe('the local Cognito, as Cognito answers', () => {
  it('says NotAuthorizedException for a wrong password at sign-in and at a password change, and refreshes tokens', async () => {
    const shopper = await signUp();
    const client = new CognitoIdentityProviderClient({
      endpoint: endpoints().cognitoEndpoint,
      region: endpoints().region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (err: Error) => `${err.name}: ${err.message}`,
      );
    expect(await refused(signIn(shopper.email, 'Wrong-password-123'))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: endpoints().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: shopper.email, PASSWORD: shopper.password },
      }),
    );
    expect(
      await refused(
        client.send(
          new ChangePasswordCommand({
            AccessToken: AuthenticationResult!.AccessToken!,
            PreviousPassword: 'Wrong-password-123',
            ProposedPassword: 'A-new-Password-123',
          }),
        ),
      ),
    ).toBe('NotAuthorizedException: Incorrect username or password.');

    // Amplify refreshes a session with GetTokensFromRefreshToken; the new ID token is the user's.
    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: endpoints().userPoolClientId,
        RefreshToken: AuthenticationResult!.RefreshToken!,
      }),
    );
    client.destroy();
    const idToken = refreshed.AuthenticationResult?.IdToken ?? '';
    expect((await api<{ email: string }>('/me', { token: idToken })).body.email).toBe(shopper.email);
  });
});

describe('DELETE /me', () => {
  it('removes the Cognito user and everything kept under the customer, and keeps their orders without the link', async () => {
    const shopper = await signUp();
    await addAddress(shopper);
    await api('/me/profile', { method: 'PUT', token: shopper.idToken, json: { emailLanguage: 'de' } });
    await api('/wishlist/essential-organic-tee', { method: 'PUT', token: shopper.idToken });
    const order = await arrangeOrder({ userId: shopper.sub, email: shopper.email });

    expect((await api('/me', { method: 'DELETE', token: shopper.idToken })).status).toBe(204);

    const { Items } = await db.send(
      new QueryCommand({
        TableName: endpoints().tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `CUSTOMER#${shopper.sub}` },
      }),
    );
    expect(Items).toEqual([]);
    const { Item } = await db.send(
      new GetCommand({ TableName: endpoints().tableName, Key: { PK: `ORDER#${order.id}`, SK: 'ORDER' } }),
    );
    expect(Item).toMatchObject({ id: order.id, email: shopper.email, total: order.total });
    expect(Item).not.toHaveProperty('userId');
    expect(Item).not.toHaveProperty('GSI1PK');
    await expect(signIn(shopper.email, shopper.password)).rejects.toThrow();
    // A second try with the old token (still unexpired) finds nothing left to do.
    expect((await api('/me', { method: 'DELETE', token: shopper.idToken })).status).toBe(204);
  });
});
