/**
 * Cognito triggers, keyed by Cognito's trigger name. The Auth construct attaches each to the
 * user pool; the local launcher wires the same modules into cognito-local.
 *
 * There is no PreSignUp: a new account stays unconfirmed until its owner types the code sent to
 * the email address, which also marks the address verified (what a password reset relies on).
 */
export const cognitoTriggers = {
  /** Every code Cognito sends by email (sign-up, password reset) goes out through SES in the customer's language. */
  CustomEmailSender: 'triggers/custom-email-sender',
} as const satisfies Record<string, string>;

/**
 * Triggers of the cloud's user pool only. The admin TOTP guard is not wired into cognito-local,
 * so locally the admin group alone makes an admin: the seeded admin and the tests' admins sign
 * in with their password, as before; an account that has activated an authenticator app is
 * asked for its code locally too (the local pool's MFA is optional, as the cloud's).
 */
export const cloudOnlyCognitoTriggers = {
  /** Leaves the admin group out of the ID token of a member without an authenticator app (TOTP). */
  PreTokenGeneration: 'triggers/admin-totp-guard',
} as const satisfies Record<string, string>;
