// The contracts are zod's mini build (shared/contracts/zod-mini.ts); classic schemas fit too.
import { loadRuntimeConfig } from '../config/runtime-config';
import { getIdToken } from '../lib/auth/session';
import * as z from '../lib/zod-mini';
import { ApiError, errorFromResponse } from './api-error';

/**
 * The single way the web app talks to the API: base URL from the (validated) runtime config, the Cognito ID
 * token when signed in, JSON both ways, and every failure as an `ApiError` carrying the shared
 * error code. Pure: no toasts, no redirects; the caller decides how to show an error.
 */

// The errors are defined apart (api-error.ts, without zod); import them from there. Re-exported
// for the features that still import them from here.
export { ApiError, errorFromResponse, isApiError } from './api-error';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions<S extends z.core.$ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** The response contract; the parsed (and typed) value is returned. */
  schema?: S;
  signal?: AbortSignal;
  /**
   * Send the ID token when signed in (the default). Public catalogue reads pass `false`, so a
   * returning shopper's product list does not wait for the auth library to load.
   */
  withToken?: boolean;
}

type Result<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/**
 * The app asks the network only when its own cache (TanStack Query) holds nothing fresh, so the
 * browser's HTTP cache must not answer for it. The catalogue's shared Cache-Control
 * (functions/routes.ts) lets the edge serve a copy stale-while-revalidate for 5 minutes; a
 * browser honours that directive too and would hand the app its stored copy, up to 5 minutes
 * old, while revalidating in the background, a request nobody reads (DevTools and Playwright
 * see it answered but never finished). `no-cache` makes the browser ask every time, and the
 * edge answers, as that Cache-Control means browsers to.
 */
const HTTP_CACHE_MODE: RequestCache = 'no-cache';

export interface ApiClientDeps {
  /** Asked for each request: the app's waits for the runtime config to be validated. */
  baseUrl: () => string | Promise<string>;
  getIdToken: () => Promise<string | undefined>;
  fetch?: typeof fetch;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  async function request<S extends z.core.$ZodType | undefined = undefined>(
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    const fetchImpl = deps.fetch ?? globalThis.fetch;
    const baseUrl = await deps.baseUrl();
    const idToken = options.withToken === false ? undefined : await deps.getIdToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (idToken) headers.authorization = idToken;

    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        cache: HTTP_CACHE_MODE,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err; // a cancelled query is not an API failure
      throw new ApiError(0, 'INTERNAL', 'Network request failed', undefined, { cause: err });
    }

    const body = await readJson(response);
    if (!response.ok) throw errorFromResponse(response.status, body);
    if (!options.schema) return undefined as Result<S>;

    const parsed = z.safeParse(options.schema, body);
    if (!parsed.success) {
      throw new ApiError(response.status, 'INTERNAL', `Unexpected response from ${path}`, undefined, {
        cause: parsed.error,
      });
    }
    return parsed.data as Result<S>;
  }

  /**
   * A file the API answers with (e.g. a CSV export): the body as a Blob, failures as ApiError,
   * the same token and error handling as `request`.
   */
  async function download(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Blob> {
    const fetchImpl = deps.fetch ?? globalThis.fetch;
    const baseUrl = await deps.baseUrl();
    const idToken = await deps.getIdToken();
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, options.query), {
        headers: idToken ? { authorization: idToken } : {},
        signal: options.signal,
        cache: HTTP_CACHE_MODE,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new ApiError(0, 'INTERNAL', 'Network request failed', undefined, { cause: err });
    }
    if (!response.ok) throw errorFromResponse(response.status, await readJson(response));
    return response.blob();
  }

  return { request, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client; fetchers in `features/<name>/api/` use it. */
export const api: ApiClient = createApiClient({
  // Never an unvalidated config: a request waits for it (the app starts validating it at once).
  baseUrl: async () => (await loadRuntimeConfig()).apiUrl,
  getIdToken,
});
