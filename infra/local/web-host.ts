/**
 * What every local host of the web app gives it, defined once: the local web server of
 * `npm start` (web-server.ts, site.ts) and the developer's Vite server (dev-server.ts) embed the
 * same runtime config and cap the API's request bodies alike.
 */
import { API_PATH, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import type { LocalCloudEndpoints } from './cloud';

/** The gateway's cap on request bodies, which the hosts' `/api/*` proxies enforce first. */
export const DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;

export type UserPoolEndpoints = Pick<
  LocalCloudEndpoints,
  'region' | 'userPoolId' | 'userPoolClientId' | 'cognitoEndpoint'
>;

/**
 * The config the local cloud's pages carry: the API on the page's own origin (the host proxies
 * `/api/*`) and cognito-local, which has no SRP, so passwords go as USER_PASSWORD_AUTH.
 */
export function localWebRuntimeConfig(pool: UserPoolEndpoints): WebRuntimeConfig {
  return {
    apiUrl: API_PATH,
    region: pool.region,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.userPoolClientId,
    cognitoEndpoint: pool.cognitoEndpoint,
    authFlow: 'USER_PASSWORD_AUTH',
    stage: 'local',
  };
}
