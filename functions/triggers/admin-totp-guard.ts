import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ADMIN_TOTP_REQUIRED_CLAIM } from '@linea/shared/domain/admin-totp';
import { ADMIN_GROUP } from '../lib/auth';
import { awsInvocation } from '../lib/aws-invocation';
import { cognito } from '../lib/clients/cognito';
import { logger } from '../lib/logger';

/** Cognito's name for an authenticator app (TOTP) as a user's second factor. */
export const TOTP_MFA = 'SOFTWARE_TOKEN_MFA';

/**
 * Admin rights only with an authenticator app: Cognito has no MFA setting per group, so the pool
 * offers TOTP to everyone (MFA optional) and this Pre Token Generation trigger keeps the admin
 * group out of the ID token (the only token the API accepts) of a member who has no TOTP
 * activated. Cognito challenges every sign-in of a user with TOTP activated (the pool remembers
 * no devices), so an ID token that names the admin group came from a sign-in with the code.
 * Without TOTP the member is signed in as an ordinary customer whose token says so
 * (ADMIN_TOTP_REQUIRED_CLAIM), and the admin sign-in lets them activate it.
 */
export const handler = awsInvocation(
  async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
    const groups = event.request.groupConfiguration.groupsToOverride ?? [];
    if (!groups.includes(ADMIN_GROUP)) return event;
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: event.userPoolId, Username: event.userName }),
    );
    if (user.UserMFASettingList?.includes(TOTP_MFA)) return event;
    logger.warn('Admin group left out of the token: no authenticator app activated', {
      userName: event.userName,
      triggerSource: event.triggerSource,
    });
    event.response.claimsOverrideDetails = {
      ...event.response.claimsOverrideDetails,
      claimsToAddOrOverride: {
        ...event.response.claimsOverrideDetails?.claimsToAddOrOverride,
        [ADMIN_TOTP_REQUIRED_CLAIM]: 'true',
      },
      groupOverrideDetails: {
        ...event.request.groupConfiguration,
        groupsToOverride: groups.filter((group) => group !== ADMIN_GROUP),
      },
    };
    return event;
  },
);
