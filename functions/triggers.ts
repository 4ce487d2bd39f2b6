/**
 * Cognito triggers, keyed by Cognito's trigger name. The Auth construct attaches each to the
 * user pool; the local launcher wires the same modules into cognito-local.
 */
export const cognitoTriggers = {
  PreSignUp: 'triggers/pre-sign-up',
} as const satisfies Record<string, string>;
