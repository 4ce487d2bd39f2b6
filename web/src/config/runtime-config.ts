import * as z from 'zod/mini';
import { en as zodEnglish } from 'zod/v4/locales';

/**
 * The web app's configuration, read at run time from `/config.json` beside index.html, so one
 * build serves every stage: CDK writes the file at deploy, the local launcher at start.
 * Loaded once, before the first render; nothing else fetches it.
 *
 * Validated with zod's tree-shakable "mini" build: this module is on the start-up path, and
 * the full build (used by the API contracts) arrives with the first page that calls the API.
 */
// English issue texts (the mini build has none by default), and no `new Function` probe: the
// site's CSP has no 'unsafe-eval', and the probe would be reported as a violation. Global, so it
// covers the API contracts' parsing too.
z.config({ ...zodEnglish(), jitless: true });

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

export const RUNTIME_CONFIG_URL = '/config.json';

/** Why the app cannot start; `issues` are for the operator and listed on the error screen. */
export class RuntimeConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}

/** Pure: validates an already-parsed config.json value. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is invalid`, issues);
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

async function fetchRuntimeConfig(fetchImpl: typeof fetch, url: string): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // A plain GET, so the browser reuses the <link rel="preload"> of index.html, which starts
    // this download in parallel with the scripts. Freshness comes from the server: CloudFront
    // and the local server send config.json with no-cache, since a deploy changes it in place.
    response = await fetchImpl(url);
  } catch (err) {
    throw new RuntimeConfigError(`${url} could not be fetched`, [String(err)], { cause: err });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`${url} could not be fetched`, [`HTTP ${response.status}`]);
  }
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // A host with an SPA fallback answers a missing file with index.html.
    throw new RuntimeConfigError(`${url} is not JSON`, [text.slice(0, 80)], { cause: err });
  }
  return parseRuntimeConfig(value);
}

let loading: Promise<RuntimeConfig> | undefined;
let loaded: RuntimeConfig | undefined;

/** Fetches and validates the config once; later calls return the same promise. */
export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  loading ??= fetchRuntimeConfig(fetchImpl, url).then(
    (config) => (loaded = config),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The loaded config. Only valid after `loadRuntimeConfig` resolved (main.tsx awaits it). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime config read before it was loaded');
  return loaded;
}

/** The config if loaded, for code that can do without it (the session hint). */
export function peekRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}

/** Tests only: installs a config (or clears it) without fetching. */
export function setRuntimeConfigForTesting(config: RuntimeConfig | undefined): void {
  loaded = config;
  loading = config ? Promise.resolve(config) : undefined;
}
