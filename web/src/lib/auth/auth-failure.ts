/**
 * A refusal from the identity provider (wrong password, existing account, weak password...).
 * `message` is the provider's own text, which the spec shows after 'Login failed' / 'Sign up
 * failed'. Anything else thrown by the session functions is unexpected (network, a chunk that
 * failed to load) and gets the generic 'An error occurred' message.
 */
export class AuthFailure extends Error {
  constructor(
    /** The provider's error name, e.g. `NotAuthorizedException`, or `ADDITIONAL_STEP`. */
    readonly reason: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AuthFailure';
  }
}

/** Sign-in needs a step this app does not offer yet (new password, MFA, confirmation). */
export const ADDITIONAL_STEP = 'ADDITIONAL_STEP';
