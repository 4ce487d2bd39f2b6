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
