import { RUNTIME_CONFIG_ELEMENT_ID } from '@linea/shared/contracts/runtime-config';
import { RUNTIME_CONFIG_SOURCE, RuntimeConfigError } from './runtime-config-error';
import type { RuntimeConfig } from './runtime-config-schema';

/**
 * The web app's configuration, read at run time from the JSON script element that the host put
 * into the page (`<script id="runtime-config" type="application/json">`), so one build serves
 * every stage: CDK writes it into index.html at deploy, the local web server into every page it
 * serves. No request stands between the HTML and the app.
 *
 * Validated with its schema (runtime-config-schema.ts) in a chunk loaded as the app starts, not
 * before it: zod stays off the start-up path. The app renders meanwhile; whatever needs the
 * config (the API client, Amplify, the session hint) awaits the validated one, and an invalid
 * one replaces the app with the start-up error screen (app/start.tsx).
 */

/** The config the page carries, as JSON, not yet validated; throws a RuntimeConfigError if there is none. */
function readEmbeddedJson(doc: Document): unknown {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element) {
    throw new RuntimeConfigError(`The page has no runtime config ${RUNTIME_CONFIG_SOURCE}`, [
      'The host must serve index.html with the config embedded (CDK at deploy, the local web server at start).',
    ]);
  }
  const text = element.textContent ?? '';
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new RuntimeConfigError(`The runtime config ${RUNTIME_CONFIG_SOURCE} is not JSON`, [text.slice(0, 80)], {
      cause: err,
    });
  }
}

/** Reads and validates the config the page carries; rejects with a RuntimeConfigError naming what is wrong. */
export async function readEmbeddedRuntimeConfig(doc: Document = document): Promise<RuntimeConfig> {
  // Read before the schema loads: the page is the one the app started on.
  const value = readEmbeddedJson(doc);
  const { parseRuntimeConfig } = await import('./runtime-config-schema');
  return parseRuntimeConfig(value);
}

let loading: Promise<RuntimeConfig> | undefined;
let loaded: RuntimeConfig | undefined;

/**
 * The validated config, read from the page on first use and kept. app/start.tsx asks first, as
 * the app starts; a missing or invalid config rejects (every time: it stays so until a reload).
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= readEmbeddedRuntimeConfig().then((config) => {
    loaded = config;
    return config;
  });
  return loading;
}

/** The config if it was validated, for code that can do without it (the session hint). */
export function peekRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}

/** Tests only: installs a config (or clears it, so the next use reads the page again). */
export function setRuntimeConfigForTesting(config: RuntimeConfig | undefined): void {
  loaded = config;
  loading = config ? Promise.resolve(config) : undefined;
}
