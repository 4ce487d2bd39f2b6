import { afterEach, describe, expect, it, vi } from 'vitest';
import { htmlSafeJson } from '@linea/shared/contracts/runtime-config';
import { ApiError, isApiError } from '../api/client';
import { createQueryClient, dehydrateForPage, QUERY_STATE_ELEMENT_ID, restoreQueryState } from './query-client';

/** The page as the server writes it, with `state` in its query-state script. */
function pageWith(state: unknown): Document {
  const page = document.implementation.createHTMLDocument();
  page.head.innerHTML = `<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">${htmlSafeJson(state)}</script>`;
  return page;
}

afterEach(() => vi.restoreAllMocks());

describe('the query cache a page carries', () => {
  it('brings loaded data to the browser as it was', () => {
    const server = createQueryClient();
    server.setQueryData(['catalog', 'product', 'tee', 'en'], { id: 'tee', name: 'Tee </script>' });

    const browser = createQueryClient();
    restoreQueryState(browser, pageWith(dehydrateForPage(server)));

    expect(browser.getQueryData(['catalog', 'product', 'tee', 'en'])).toEqual({ id: 'tee', name: 'Tee </script>' });
    expect(browser.getQueryState(['catalog', 'product', 'tee', 'en'])?.status).toBe('success');
  });

  it("brings an API error back as the ApiError it was: an unknown product's NOT_FOUND", () => {
    const server = createQueryClient();
    const key = ['catalog', 'product', 'nope', 'de'];
    server
      .getQueryCache()
      .build(server, { queryKey: key })
      .setState({ status: 'error', error: new ApiError(404, 'NOT_FOUND', 'Product not found'), errorUpdatedAt: 1 });

    const browser = createQueryClient();
    restoreQueryState(browser, pageWith(JSON.parse(JSON.stringify(dehydrateForPage(server)))));

    const state = browser.getQueryState(key);
    expect(state?.status).toBe('error');
    expect(isApiError(state?.error)).toBe(true);
    expect(state?.error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('leaves out other failures: the browser asks again', () => {
    const server = createQueryClient();
    server
      .getQueryCache()
      .build(server, { queryKey: ['broken'] })
      .setState({ status: 'error', error: new TypeError('boom'), errorUpdatedAt: 1 });
    expect(dehydrateForPage(server).queries).toEqual([]);
  });

  it('starts empty from a page without one, or with one that is not JSON', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = createQueryClient();
    restoreQueryState(browser, document.implementation.createHTMLDocument());
    const broken = document.implementation.createHTMLDocument();
    broken.head.innerHTML = `<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">{oops</script>`;
    restoreQueryState(browser, broken);
    expect(browser.getQueryCache().getAll()).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });
});
