import { describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { handler } from './get-me';

describe('GET /me', () => {
  it('returns who the verified token says the caller is', async () => {
    const res = await handler(apiEvent({ routeKey: 'GET /me', claims: customerClaims('u-42') }));
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({
      userId: 'u-42',
      email: 'u-42@example.com',
      firstName: 'Anna',
      lastName: 'Muster',
      isAdmin: false,
    });
  });

  it('marks an admin', async () => {
    const res = await handler(apiEvent({ routeKey: 'GET /me', claims: adminClaims() }));
    expect(parseBody(res)).toMatchObject({ isAdmin: true });
  });

  it('answers 401 without a verified token', async () => {
    const res = await handler(apiEvent({ routeKey: 'GET /me' }));
    expect(res.statusCode).toBe(401);
  });
});
