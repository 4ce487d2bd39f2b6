import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { UnauthenticatedError } from '@linea/shared/errors';
import { actorFromClaims, type Actor, type JwtClaims } from './auth';
import { tokenConfig } from './config';

let jwks: { issuer: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

/**
 * The caller of an `optional` route: verifies the Cognito ID token in `Authorization` exactly
 * as the HTTP API's JWT authorizer would (signature by the pool's keys, issuer, audience, expiry,
 * an ID token). No header means an anonymous caller; a header with a bad or expired token is a
 * 401, so a client with a stale session learns it instead of silently checking out as a guest.
 */
export async function optionalActor(authorization: string | undefined): Promise<Actor | undefined> {
  if (authorization === undefined || authorization.trim() === '') return undefined;
  const token = authorization.replace(/^bearer\s*/i, '').trim();
  if (!token) throw new UnauthenticatedError();
  const { issuer, clientId } = tokenConfig();
  if (jwks?.issuer !== issuer) {
    jwks = { issuer, keys: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks.keys, { issuer, audience: clientId, algorithms: ['RS256'] }));
  } catch {
    throw new UnauthenticatedError();
  }
  if (payload.token_use !== 'id') throw new UnauthenticatedError();
  return actorFromClaims(payload as JwtClaims);
}
