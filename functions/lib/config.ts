/** The functions' configuration: environment read once, here and nowhere else. */
export type Config = Readonly<{
  stage: string;
  tableName: string;
  eventBusName: string;
  /** Verified SES sender of every email the shop sends. */
  fromEmail: string;
  /**
   * The SES configuration set every email is sent with: it reports bounces and complaints (they
   * deactivate the address) and keeps bad addresses on the account's suppression list.
   */
  emailConfigurationSet: string;
  /** The storefront's public URL, for links in emails. */
  webUrl: string;
  /** Where contact messages are delivered: the shop team's inbox. */
  shopInboxEmail: string;
  /** Stripe's API base URL (https://api.stripe.com in every real stage). */
  stripeApiUrl: string;
  /** Secrets Manager id of the JSON secret `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`. */
  stripeSecretId: string;
}>;

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const missing: string[] = [];
  const need = (name: string): string => {
    const value = env[name];
    if (!value) missing.push(name);
    return value ?? '';
  };
  const config = {
    stage: need('STAGE'),
    tableName: need('TABLE_NAME'),
    eventBusName: need('EVENT_BUS_NAME'),
    fromEmail: need('FROM_EMAIL'),
    emailConfigurationSet: need('SES_CONFIGURATION_SET'),
    webUrl: need('WEB_URL'),
    shopInboxEmail: need('SHOP_INBOX_EMAIL'),
    stripeApiUrl: need('STRIPE_API_URL'),
    stripeSecretId: need('STRIPE_SECRET_ID'),
  };
  if (missing.length) {
    throw new Error(`Environment variables not set: ${missing.join(', ')}`);
  }
  return Object.freeze(config);
}

/** Names of every variable loadConfig reads; the ShopFunction construct sets each of them. */
export const CONFIG_ENV_NAMES = [
  'STAGE',
  'TABLE_NAME',
  'EVENT_BUS_NAME',
  'FROM_EMAIL',
  'SES_CONFIGURATION_SET',
  'WEB_URL',
  'SHOP_INBOX_EMAIL',
  'STRIPE_API_URL',
  'STRIPE_SECRET_ID',
] as const;

let cached: Config | undefined;
export const config = (): Config => (cached ??= loadConfig(process.env));

/**
 * Where the API's functions check a token themselves (routes with `optional` access, which no
 * API Gateway authorizer covers). Only API functions get these variables: the user pool's own
 * trigger functions cannot name the pool they belong to without a dependency cycle.
 */
export type TokenConfig = Readonly<{
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>`; the JWKS is under it. */
  issuer: string;
  /** The web app's client id: the `aud` of its ID tokens. */
  clientId: string;
}>;

export const TOKEN_ENV_NAMES = ['COGNITO_ISSUER', 'COGNITO_CLIENT_ID'] as const;

export function loadTokenConfig(env: NodeJS.ProcessEnv): TokenConfig {
  const missing = TOKEN_ENV_NAMES.filter((name) => !env[name]);
  if (missing.length) throw new Error(`Environment variables not set: ${missing.join(', ')}`);
  return Object.freeze({ issuer: env.COGNITO_ISSUER as string, clientId: env.COGNITO_CLIENT_ID as string });
}

/**
 * Not cached, unlike config(): reading two variables costs nothing, and the local cloud learns
 * the user pool's id only after the functions are loaded (and a new in-memory cloud gets a new one).
 */
export const tokenConfig = (): TokenConfig => loadTokenConfig(process.env);

/**
 * The user pool, for the functions that administer its users (routes whose permissions say
 * `deleteUsers`). Read per call, like tokenConfig, for the same reason.
 */
export const USER_POOL_ENV_NAMES = ['USER_POOL_ID'] as const;

export function userPoolId(env: NodeJS.ProcessEnv = process.env): string {
  const id = env.USER_POOL_ID;
  if (!id) throw new Error('Environment variables not set: USER_POOL_ID');
  return id;
}

/**
 * The bucket of uploaded product photos and their web-sized variants, for the functions whose
 * permissions name `media`. Read per call, like userPoolId.
 */
export const MEDIA_BUCKET_ENV_NAMES = ['MEDIA_BUCKET'] as const;

export function mediaBucket(env: NodeJS.ProcessEnv = process.env): string {
  const bucket = env.MEDIA_BUCKET;
  if (!bucket) throw new Error('Environment variables not set: MEDIA_BUCKET');
  return bucket;
}

/**
 * The value CloudFront sends in ORIGIN_VERIFY_HEADER to the API, for the route functions: a
 * request without it came to the API's own address past the site (and its web ACL). Unset
 * locally, where the suites call the API port directly.
 */
export const ORIGIN_VERIFY_ENV_NAMES = ['ORIGIN_VERIFY'] as const;
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export function originVerifyValue(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.ORIGIN_VERIFY || undefined;
}

/**
 * The Bedrock model the shop assistant talks to (a model or inference-profile id), for the
 * functions whose permissions say `invokeChatModel`; a deploy parameter. Read per call.
 */
export const CHAT_MODEL_ENV_NAMES = ['CHAT_MODEL_ID'] as const;

export function chatModelId(env: NodeJS.ProcessEnv = process.env): string {
  const id = env.CHAT_MODEL_ID;
  if (!id) throw new Error('Environment variables not set: CHAT_MODEL_ID');
  return id;
}

/**
 * Where the storefront's prerendered pages go (the site bucket) and the CloudFront distribution
 * that serves them, for the functions whose permissions name `sitePages`. Read per call.
 */
export const SITE_PAGES_ENV_NAMES = ['SITE_BUCKET', 'DISTRIBUTION_ID'] as const;

/** The site bucket alone, for the functions that only read the pages (`sitePages: 'read'`). */
export function siteBucket(env: NodeJS.ProcessEnv = process.env): string {
  const bucket = env.SITE_BUCKET;
  if (!bucket) throw new Error('Environment variables not set: SITE_BUCKET');
  return bucket;
}

export function sitePagesConfig(env: NodeJS.ProcessEnv = process.env): { bucket: string; distributionId: string } {
  const missing = SITE_PAGES_ENV_NAMES.filter((name) => !env[name]);
  if (missing.length) throw new Error(`Environment variables not set: ${missing.join(', ')}`);
  return { bucket: env.SITE_BUCKET as string, distributionId: env.DISTRIBUTION_ID as string };
}
