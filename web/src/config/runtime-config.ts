import * as z from 'zod/mini';
import { en as zodEnglish } from 'zod/v4/locales';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@linea/shared/contracts/runtime-config';

/**
 * The web app's configuration, read at run time from the JSON script element that the host put
 * into the page (`<script id="runtime-config" type="application/json">`), so one build serves
 * every stage: CDK writes it into index.html at deploy, the local web server into every page it
 * serves. Read synchronously, once, before the first render: no request stands between the
 * HTML and the app.
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

/** Where the config is, for messages: the element's id is shared with the hosts that write it. */
const RUNTIME_CONFIG_SOURCE = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}">`;

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

/** Reads and validates the config the page carries; throws a RuntimeConfigError naming what is wrong. */
export function readEmbeddedRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element) {
    throw new RuntimeConfigError(`The page has no runtime config ${RUNTIME_CONFIG_SOURCE}`, [
      'The host must serve index.html with the config embedded (CDK at deploy, the local web server at start).',
    ]);
  }
  const text = element.textContent ?? '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RuntimeConfigError(`The runtime config ${RUNTIME_CONFIG_SOURCE} is not JSON`, [text.slice(0, 80)], {
      cause: err,
    });
  }
  return parseRuntimeConfig(value);
}

let loaded: RuntimeConfig | undefined;

/**
 * The config, read from the page on first use and kept. main.tsx calls it before the first
 * render, so a missing or invalid config shows the start-up error screen instead of the app.
 */
export function getRuntimeConfig(): RuntimeConfig {
  loaded ??= readEmbeddedRuntimeConfig();
  return loaded;
}

/** The config if it was read, for code that can do without it (the session hint). */
export function peekRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}

/** Tests only: installs a config (or clears it, so the next use reads the page again). */
export function setRuntimeConfigForTesting(config: RuntimeConfig | undefined): void {
  loaded = config;
}
