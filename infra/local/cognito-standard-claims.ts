/**
 * A local-only Cognito PreTokenGeneration trigger that closes a gap of cognito-local: Cognito
 * puts every readable standard attribute (given_name, family_name, ...) into the ID token, but
 * cognito-local only adds email and custom attributes. The launcher wires this in whenever
 * functions/triggers.ts declares no PreTokenGeneration of its own, so that GET /me and the web
 * app see the claims they will see in the cloud. It is not deployed anywhere.
 *
 * It copies only the pool's standard schema attributes, by name. cognito-local stores whatever
 * attributes a sign-up sends, which Cognito would refuse; copying them all let a sign-up with
 * `cognito:groups` = admin (or someone else's `sub`) mint itself an admin's (or that person's)
 * token.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { STANDARD_ATTRIBUTES } from './cognito-schema';

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  const claimsToAddOrOverride: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.request.userAttributes)) {
    if (STANDARD_ATTRIBUTES.has(name)) claimsToAddOrOverride[name] = value;
  }
  event.response = { claimsOverrideDetails: { claimsToAddOrOverride } };
  return event;
};
