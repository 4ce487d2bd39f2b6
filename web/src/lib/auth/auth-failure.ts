/**
 * A refusal from the identity provider (wrong password, existing account, weak password...) or
 * a provider that could not be reached. `reason` is what the UI maps to its own translated
 * text (features/auth/auth-errors.ts); `message` is the provider's English text, kept for
 * debugging and never shown. Anything else thrown by the session functions is unexpected (a
 * chunk that failed to load) and gets the generic 'An error occurred' message.
 */
export class AuthFailure extends Error {
  constructor(
    /** The provider's error name, e.g. `NotAuthorizedException`, or `ADDITIONAL_STEP` / `NETWORK_ERROR`. */
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

/** The provider could not be reached (offline, DNS, a blocked request); Amplify's `NetworkError`. */
export const NETWORK_ERROR = 'NetworkError';
