import { categoryId } from '@linea/shared/domain/category';
import { DEFAULT_SORT, isSortOrder, type SortOrder } from '@linea/shared/domain/catalogue-view';
import { paths } from '../../../config/paths';
import { searchTextFrom } from '../api/get-products';

/** How a product list is arranged: its order and its colour and size filters. */
export interface ListArrangement {
  sort: SortOrder;
  /** A colour key (the English name); undefined for every colour. */
  color?: string;
  /** A size key; undefined for every size. */
  size?: string;
}

/** Everything a /products URL says about the list it shows. */
export interface ListView extends ListArrangement {
  /** The category id; undefined for All. */
  category?: string;
  /** The search text, trimmed; empty when the page is not a search. */
  q: string;
}

export const DEFAULT_ARRANGEMENT: ListArrangement = { sort: DEFAULT_SORT };

/**
 * A change, as a function of the view as it is when the change is applied (the URL), not as it
 * was last drawn: two quick changes in a row then both count.
 */
export type ViewUpdate<T> = (current: T) => T;

/** `view` arranged as `arrangement` says: a colour or size it leaves out is dropped. */
export function withArrangement<T extends ListArrangement>(view: T, arrangement: ListArrangement): T {
  return { ...view, sort: arrangement.sort, color: arrangement.color, size: arrangement.size };
}

/** The URL parameters a list view owns; anything else in the URL is left alone. */
const LIST_KEYS = ['category', 'q', 'sort', 'color', 'size'] as const;

const present = (value: string | null) => (value?.trim() ? value.trim() : undefined);

/**
 * The list a /products URL asks for. Values it cannot use are ignored rather than refused: an
 * unknown sort is the default order; a colour or size no product offers is judged by the page
 * once it has the products (see `offeredArrangement`).
 */
export function listViewFrom(params: URLSearchParams): ListView {
  const sort = params.get('sort');
  const category = present(params.get('category'));
  return {
    category: category ? categoryId(category) || undefined : undefined,
    q: searchTextFrom(params),
    sort: isSortOrder(sort) ? sort : DEFAULT_SORT,
    color: present(params.get('color')),
    size: present(params.get('size')),
  };
}

/**
 * `params` showing `view`: defaults are left out, so the plain list stays plain /products and
 * every list has exactly one URL. Parameters the list does not own are kept.
 */
export function withListView(params: URLSearchParams, view: Partial<ListView>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of LIST_KEYS) next.delete(key);
  const values: Record<(typeof LIST_KEYS)[number], string | undefined> = {
    category: view.category,
    q: view.q,
    sort: view.sort === DEFAULT_SORT ? undefined : view.sort,
    color: view.color,
    size: view.size,
  };
  for (const key of LIST_KEYS) {
    const value = values[key];
    if (value) next.set(key, value);
  }
  return next;
}

/** The query string of `view` ('' for the plain list), e.g. for `productLinkState`. */
export function listSearch(view: Partial<ListView>): string {
  const search = withListView(new URLSearchParams(), view).toString();
  return search ? `?${search}` : '';
}

/** The arrangement with every colour and size `offered` does not hold dropped. */
export function offeredArrangement(
  arrangement: ListArrangement,
  offered: { colors: readonly { key: string }[]; sizes: readonly { key: string }[] },
): ListArrangement {
  const has = (options: readonly { key: string }[], key: string | undefined) =>
    key !== undefined && options.some((option) => option.key === key);
  return {
    sort: arrangement.sort,
    color: has(offered.colors, arrangement.color) ? arrangement.color : undefined,
    size: has(offered.sizes, arrangement.size) ? arrangement.size : undefined,
  };
}

export const sameArrangement = (a: ListArrangement, b: ListArrangement) =>
  a.sort === b.sort && a.color === b.color && a.size === b.size;

/**
 * What a product link from a list carries in its history state: the list's query string, so the
 * product page's "Back to Products" returns to the same list. History state survives a reload.
 */
export interface ProductLinkState {
  listSearch: string;
}

export function productLinkState(listSearch: string): ProductLinkState {
  return { listSearch };
}

/**
 * Where "Back to Products" leads: the list the shopper came from, else plain /products. The
 * state is whatever history holds, so it is checked, and only the list's own parameters pass.
 */
export function backToListHref(state: unknown): string {
  const listSearch =
    typeof state === 'object' && state !== null && 'listSearch' in state ? (state as ProductLinkState).listSearch : '';
  if (typeof listSearch !== 'string') return paths.products.getHref();
  const from = new URLSearchParams(listSearch);
  const kept = new URLSearchParams();
  for (const key of LIST_KEYS) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${paths.products.path}?${search}` : paths.products.getHref();
}
