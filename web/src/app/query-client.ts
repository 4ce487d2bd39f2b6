import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  QueryClient,
  type DehydratedState,
} from '@tanstack/react-query';
import type { ApiErrorBody } from '@linea/shared/errors';
import { errorFromResponse, isApiError, type ApiError } from '../api/api-error';

/** A client error (4xx) will not change by asking again; anything else gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Asked again once 30 s old; the edge keeps the catalogue's answers 60 s, so sooner gains nothing.
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The id of the JSON script element in which a page rendered on the server carries its
 * dehydrated query cache (web/src/server/render.tsx), for the browser to start from.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/**
 * An ApiError as a page carries it: the status and body the API answered with. An Error's own
 * JSON keeps neither its class nor its message, and the pages tell a NOT_FOUND by both.
 */
interface ErrorInPage {
  status: number;
  body: ApiErrorBody;
}

type DehydratedQuery = DehydratedState['queries'][number];
type QueryInPage = Omit<DehydratedQuery, 'state'> & {
  state: Omit<DehydratedQuery['state'], 'error' | 'fetchFailureReason'> & {
    error: ErrorInPage | null;
    fetchFailureReason: ErrorInPage | null;
  };
};

/** The query cache as a page carries it (JSON in `<script id="query-state">`). */
export interface QueryStateInPage {
  queries: QueryInPage[];
  mutations: DehydratedState['mutations'];
}

function errorToPage(error: unknown): ErrorInPage | null {
  if (!isApiError(error)) return null;
  const body: ApiErrorBody = { error: error.code, message: error.message };
  if (error.details) body.details = error.details;
  return { status: error.status, body };
}

function errorFromPage(value: ErrorInPage | null): ApiError | null {
  return value && typeof value.status === 'number' ? errorFromResponse(value.status, value.body) : null;
}

/**
 * The server's side: the cache the page was rendered from. Besides the loaded queries (the
 * default), those that failed with an API error: an unknown product's page shows its NOT_FOUND,
 * and the browser must start from the same failure, not load it again.
 */
export function dehydrateForPage(client: QueryClient): QueryStateInPage {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isApiError(query.state.error),
  });
  return {
    mutations: state.mutations,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        error: errorToPage(query.state.error),
        fetchFailureReason: errorToPage(query.state.fetchFailureReason),
      },
    })),
  };
}

/**
 * The browser's side: fills `client` from the page's `<script id="query-state">`, if it has one.
 * An unreadable one is reported and left out: the page's queries then load again.
 */
export function restoreQueryState(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  if (!text) return;
  let state: QueryStateInPage;
  try {
    state = JSON.parse(text) as QueryStateInPage;
  } catch (error) {
    console.error(`The page's #${QUERY_STATE_ELEMENT_ID} is not JSON`, error);
    return;
  }
  hydrate(client, {
    mutations: state.mutations,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        error: errorFromPage(query.state.error),
        fetchFailureReason: errorFromPage(query.state.fetchFailureReason),
      },
    })),
  });
}

/**
 * The attribute of #root that names the path a prerendered page was rendered for. The host sends
 * the not-found page (rendered for /404) for any path it has no page for, also for one the app
 * routes elsewhere (/product/<an id that never existed>): the browser then renders that path
 * itself rather than take over markup made for another route.
 */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';
