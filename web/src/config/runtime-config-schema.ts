import * as z from '../lib/zod-mini';
import { RUNTIME_CONFIG_SOURCE, RuntimeConfigError } from './runtime-config-error';

/**
 * The runtime config's schema, in a chunk of its own: the app starts from the page's config at
 * once and validates it right after (runtime-config.ts), so zod is not on the start-up path.
 */

const HTTP_URL = /^https?:\/\/\S+$/;
const ROOT_PATH = /^\/\S*$/;

const text = () => z.string().check(z.trim(), z.minLength(1));

export const runtimeConfigSchema = z.object({
  /** Base URL of the HTTP API; an absolute URL or a path on this host. */
  apiUrl: z.string().check(
    z.trim(),
    z.refine(
      (value) => HTTP_URL.test(value) || ROOT_PATH.test(value),
      'must be an http(s) URL or a path starting with /',
    ),
  ),
  region: text(),
  userPoolId: z.string().check(z.trim(), z.regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like <region>_<id>')),
  userPoolClientId: text(),
  /** A custom Cognito endpoint (cognito-local); absent or null in the cloud. */
  cognitoEndpoint: z.nullish(z.string().check(z.trim(), z.regex(HTTP_URL, 'must be an http(s) URL'))),
  /** USER_PASSWORD_AUTH where SRP is not available (cognito-local), USER_SRP_AUTH in the cloud. */
  authFlow: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  stage: text(),
});

/** The web app's configuration, validated: what the host put into the page (see runtime-config.ts). */
export type RuntimeConfig = Readonly<{
  /** Without a trailing slash. */
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string | null;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  stage: string;
}>;

/** Pure: validates an already-parsed config value. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    throw new RuntimeConfigError(`The runtime config ${RUNTIME_CONFIG_SOURCE} is invalid`, issues);
  }
  const { apiUrl, region, userPoolId, userPoolClientId, cognitoEndpoint, authFlow, stage } = result.data;
  return Object.freeze({
    apiUrl: apiUrl.replace(/\/+$/, ''),
    region,
    userPoolId,
    userPoolClientId,
    cognitoEndpoint: cognitoEndpoint ?? null,
    authFlow,
    stage,
  });
}
