/**
 * A local-only Cognito PreTokenGeneration trigger that closes a gap of cognito-local: Cognito
 * puts every readable standard attribute (given_name, family_name, ...) into the ID token, but
 * cognito-local only adds email and custom attributes. The launcher wires this in whenever
 * functions/triggers.ts declares no PreTokenGeneration of its own, so that GET /me and the web
 * app see the claims they will see in the cloud. It is not deployed anywhere.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';

/** Claims cognito-local already sets, or which Cognito never copies from attributes. */
const NOT_COPIED = new Set(['sub', 'email', 'email_verified', 'cognito:user_status', 'cognito:mfa_enabled']);

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  const claimsToAddOrOverride: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.request.userAttributes)) {
    if (!NOT_COPIED.has(name) && !name.startsWith('custom:')) claimsToAddOrOverride[name] = value;
  }
  event.response = { claimsOverrideDetails: { claimsToAddOrOverride } };
  return event;
};
