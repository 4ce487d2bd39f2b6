import { readStorage } from '../storage';

/** Amplify's token store prefix in localStorage (`@aws-amplify/auth` TokenStore). */
export const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * A cheap, synchronous guess whether Amplify holds a session for this app client, read straight
 * from the keys Amplify writes (`<prefix>.<clientId>.LastAuthUser` and
 * `<prefix>.<clientId>.<user>.refreshToken|idToken`). It lets the header and the route guards
 * decide on the first render without downloading Amplify; Amplify itself confirms later.
 */
export function hasStoredSession(userPoolClientId: string): boolean {
  const base = `${AMPLIFY_KEY_PREFIX}.${userPoolClientId}`;
  const user = readStorage(`${base}.LastAuthUser`);
  if (!user) return false;
  return Boolean(readStorage(`${base}.${user}.refreshToken`) ?? readStorage(`${base}.${user}.idToken`));
}
