/**
 * The web app's runtime configuration travels inside the HTML that serves it: a
 * `<script id="runtime-config" type="application/json">` that CDK writes into index.html at
 * deploy and the local web server writes into every page it serves. One build serves every
 * stage, and the app reads its config synchronously before its first render, with no request.
 *
 * The web app validates what it reads (web/src/config/runtime-config.ts); this module is the
 * hosts' side: the shape, where it goes and how it is escaped.
 */

/** The API under the site's own origin: CloudFront's `/api/*` behaviour, the local web server's proxy. */
export const API_PATH = '/api';

/** The id of the script element that holds the config. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

export interface WebRuntimeConfig {
  /** Base of the HTTP API: `API_PATH` when served by a host that proxies it, else an absolute URL. */
  readonly apiUrl: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** A Cognito endpoint other than AWS's own (the local stand-in); `null` in the cloud. */
  readonly cognitoEndpoint: string | null;
  /** USER_PASSWORD_AUTH where SRP is not available (cognito-local), USER_SRP_AUTH in the cloud. */
  readonly authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  readonly stage: string;
}

/**
 * JSON that is safe as the text of a script element: `<` (so neither `</script>` nor `<!--` can
 * end or change it), `>` and `&` are written as JSON escapes, which JSON.parse reads back as is.
 */
export function htmlSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function runtimeConfigScript(config: WebRuntimeConfig): string {
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${htmlSafeJson(config)}</script>`;
}

/**
 * The page with the config script as the last element of its head (lacking a head, at its end):
 * the app's module scripts run once the document is parsed, so they always find it. A page that
 * already carries a config script gets this one instead of it.
 */
export function withRuntimeConfig(html: string, config: WebRuntimeConfig): string {
  const script = runtimeConfigScript(config);
  const existing = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}"[^>]*>[^<]*</script>`);
  if (existing.test(html)) return html.replace(existing, () => script);
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd >= 0) return `${html.slice(0, headEnd)}${script}\n  ${html.slice(headEnd)}`;
  return `${html.replace(/\s*$/, '')}\n${script}\n`;
}

/**
 * The config a page carries, as written by `withRuntimeConfig` (the renderer reads it from the
 * published app to render pages for the same stage); undefined when the page has none. Not
 * validated: the web app validates what it reads before its first render.
 */
export function readRuntimeConfig(html: string): WebRuntimeConfig | undefined {
  const match = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}"[^>]*>([^<]*)</script>`).exec(html);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as WebRuntimeConfig);
}
