import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOTP_REQUIRED_CLAIM } from '@linea/shared/domain/admin-totp';
import { ADMIN_GROUP } from '../lib/auth';
import { handler, TOTP_MFA } from './admin-totp-guard';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const SUB = '7d1f6c2a-4b1e-4f0a-9d3c-2e5b8a7c6d4f';

beforeEach(() => {
  cognitoMock.reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function tokenEvent(
  groups: string[],
  triggerSource = 'TokenGeneration_Authentication',
): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    triggerSource,
    region: 'eu-central-2',
    userPoolId: 'eu-central-2_test',
    userName: SUB,
    callerContext: { awsSdkVersion: 'aws-sdk-js', clientId: 'client' },
    request: {
      userAttributes: { sub: SUB, email: 'ada@example.com' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: {} },
  } as PreTokenGenerationTriggerEvent;
}

/** The groups the ID token will carry: the override when the trigger set one, else the request's. */
const tokenGroups = (event: PreTokenGenerationTriggerEvent): string[] | undefined =>
  event.response.claimsOverrideDetails?.groupOverrideDetails?.groupsToOverride ??
  event.request.groupConfiguration.groupsToOverride;

describe('admin TOTP guard (Pre Token Generation)', () => {
  it('keeps the admin group for a member with an authenticator app activated', async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({ Username: SUB, UserMFASettingList: [TOTP_MFA] });

    const result = await handler(tokenEvent([ADMIN_GROUP]));

    expect(tokenGroups(result)).toEqual([ADMIN_GROUP]);
    expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride).toBeUndefined();
    expect(cognitoMock.commandCalls(AdminGetUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-2_test',
      Username: SUB,
    });
  });

  it.each([
    ['no second factor', undefined],
    ['SMS only', ['SMS_MFA']],
  ])('leaves the admin group, and only it, out of the token of a member with %s, and says why', async (_, mfa) => {
    cognitoMock.on(AdminGetUserCommand).resolves({ Username: SUB, UserMFASettingList: mfa });

    const result = await handler(tokenEvent(['editors', ADMIN_GROUP]));

    expect(tokenGroups(result)).toEqual(['editors']);
    expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride).toEqual({
      [ADMIN_TOTP_REQUIRED_CLAIM]: 'true',
    });
  });

  it('leaves it out on a token refresh too', async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({ Username: SUB });

    const result = await handler(tokenEvent([ADMIN_GROUP], 'TokenGeneration_RefreshTokens'));

    expect(tokenGroups(result)).toEqual([]);
  });

  it('asks Cognito nothing about a customer outside the admin group', async () => {
    const result = await handler(tokenEvent([]));

    expect(tokenGroups(result)).toEqual([]);
    expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride).toBeUndefined();
    expect(cognitoMock.calls()).toHaveLength(0);
  });

  it('fails the sign-in rather than hand out the admin group when Cognito cannot say', async () => {
    cognitoMock.on(AdminGetUserCommand).rejects(new Error('throttled'));

    await expect(handler(tokenEvent([ADMIN_GROUP]))).rejects.toThrow('throttled');
  });
});
