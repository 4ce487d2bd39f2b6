/**
 * The ID token claim the admin TOTP guard (functions/triggers/admin-totp-guard.ts) adds, `'true'`,
 * when it left the admin group out because the member has no authenticator app: the admin
 * sign-in then offers to set one up instead of only refusing.
 */
export const ADMIN_TOTP_REQUIRED_CLAIM = 'admin_totp_required';

/** The issuer name authenticator apps show next to the code. */
export const TOTP_ISSUER = 'LINEA';
