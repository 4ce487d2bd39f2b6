import { describe, expect, it } from 'vitest';
import { actorFromClaims, parseGroups } from './auth';

describe('parseGroups', () => {
  it('reads the HTTP API JWT authorizer form, a bracketed space-separated string', () => {
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('[editors admin]')).toEqual(['editors', 'admin']);
  });

  it('reads a real array and a comma-separated string the same way', () => {
    expect(parseGroups(['admin', 'editors'])).toEqual(['admin', 'editors']);
    expect(parseGroups('admin,editors')).toEqual(['admin', 'editors']);
  });

  it('gives no groups for a missing or empty claim', () => {
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('[]')).toEqual([]);
  });
});

describe('actorFromClaims', () => {
  it('turns the claims of a captured HTTP API event into an admin actor', () => {
    // Shape as API Gateway HTTP API passes an ID token's claims (every value a string).
    const claims = {
      sub: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      'cognito:groups': '[admin]',
      email_verified: 'true',
      iss: 'https://cognito-idp.eu-central-2.amazonaws.com/eu-central-2_abc',
      'cognito:username': '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      given_name: 'Lea',
      family_name: 'Meier',
      aud: 'client-id',
      token_use: 'id',
      auth_time: '1763700000',
      exp: '1763703600',
      iat: '1763700000',
      email: 'lea@linea.ch',
    };
    expect(actorFromClaims(claims)).toEqual({
      userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      email: 'lea@linea.ch',
      firstName: 'Lea',
      lastName: 'Meier',
      isAdmin: true,
    });
  });

  it('does not make a member of a similarly named group an admin', () => {
    expect(actorFromClaims({ sub: 'u', token_use: 'id', 'cognito:groups': '[administrators]' })?.isAdmin).toBe(false);
  });

  it('makes no actor of an access token, which API Gateway lets through but names no one', () => {
    const access = { sub: 'u', token_use: 'access', client_id: 'web', 'cognito:groups': '[admin]' };
    expect(actorFromClaims(access)).toBeUndefined();
    expect(actorFromClaims({ sub: 'u' })).toBeUndefined();
    expect(actorFromClaims({ sub: 'u', token_use: 'id' })).toMatchObject({ userId: 'u' });
  });

  it('has no actor without a subject', () => {
    expect(actorFromClaims(undefined)).toBeUndefined();
    expect(actorFromClaims({ email: 'x@example.com' })).toBeUndefined();
  });
});
