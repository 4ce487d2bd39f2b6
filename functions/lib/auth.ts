/**
 * Who is calling. The HTTP API's Cognito JWT authorizer (or the local gateway, which builds the
 * same event) has verified the token; this turns its claims into an Actor, in this one place.
 */
export interface Actor {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly isAdmin: boolean;
  /** The `locale` attribute the account was created with, when it has one. */
  readonly locale?: string;
}

export const ADMIN_GROUP = 'admin';

type ClaimValue = string | number | boolean | string[] | undefined;
export type JwtClaims = Record<string, ClaimValue>;

/**
 * API Gateway flattens array claims to a bracketed, space-separated string ("[admin editors]");
 * a raw token (and some tools) carry a real array. Both must give the same groups.
 */
export function parseGroups(value: ClaimValue): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner.split(/[\s,]+/).filter(Boolean);
}

const text = (value: ClaimValue): string => (typeof value === 'string' ? value : '');

/**
 * Only an ID token makes an actor. API Gateway's JWT authorizer also lets a pool's access token
 * through (it checks `client_id` where an ID token has `aud`), and an access token carries no
 * email or names: anything but `token_use` = `id` is no one, in the cloud as locally.
 */
export function actorFromClaims(claims: JwtClaims | undefined): Actor | undefined {
  const userId = text(claims?.sub);
  if (!claims || !userId || claims.token_use !== 'id') return undefined;
  return {
    userId,
    email: text(claims.email),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    isAdmin: parseGroups(claims['cognito:groups']).includes(ADMIN_GROUP),
    ...(typeof claims.locale === 'string' && claims.locale ? { locale: claims.locale } : {}),
  };
}

/** An order is its owner's and the admins'; a guest order (no userId) is nobody's to read by id. */
export function canReadOrder(actor: Actor | undefined, order: { readonly userId?: string }): boolean {
  if (!actor) return false;
  return actor.isAdmin || (order.userId !== undefined && order.userId === actor.userId);
}
