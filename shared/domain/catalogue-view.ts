/**
 * How the storefront arranges a product list: the sort orders and the colour and size filters
 * of /products. Pure functions over what the catalogue API returns, so a list can be re-sorted
 * and re-filtered in the browser without a request, and the URL alone says what is shown.
 */

export const SORT_ORDERS = ['featured', 'newest', 'price-asc', 'price-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT: SortOrder = 'featured';

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value);
}

export interface ListedProduct {
  featured: boolean;
  price: number;
  createdAt: string;
  colors: readonly string[];
  sizes: readonly string[];
  colorNames: Readonly<Record<string, string>>;
  sizeLabels: Readonly<Record<string, string>>;
}

/**
 * The products in `order`. "featured" puts featured products first and keeps the shop's own
 * display order otherwise (the order the API lists them in); every order is stable, so equal
 * prices or dates keep that display order too.
 */
export function sortProducts<T extends ListedProduct>(products: readonly T[], order: SortOrder): T[] {
  const compare: Record<SortOrder, (a: T, b: T) => number> = {
    featured: (a, b) => Number(b.featured) - Number(a.featured),
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
  };
  return [...products].sort(compare[order]);
}

export interface ProductFilters {
  /** A colour key; undefined for every colour. */
  color?: string;
  /** A size key; undefined for every size. */
  size?: string;
}

export function filterProducts<T extends ListedProduct>(products: readonly T[], filters: ProductFilters): T[] {
  return products.filter(
    (product) =>
      (!filters.color || product.colors.includes(filters.color)) &&
      (!filters.size || product.sizes.includes(filters.size)),
  );
}

export interface FilterOption {
  /** The key the URL and the filter use. */
  key: string;
  /** What the shopper reads, in the page's language. */
  label: string;
  /** How many of the products offer it. */
  count: number;
}

/** Letter sizes in the order a shopper reads them; any other size follows in first-seen order. */
const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** The colours and sizes `products` offer, to choose from; colours by name, sizes small to large. */
export function filterOptions(products: readonly ListedProduct[]): { colors: FilterOption[]; sizes: FilterOption[] } {
  const colors = new Map<string, FilterOption>();
  const sizes = new Map<string, FilterOption>();
  for (const product of products) {
    for (const key of product.colors) tally(colors, key, product.colorNames[key] ?? key);
    for (const key of product.sizes) tally(sizes, key, product.sizeLabels[key] ?? key);
  }
  const rank = (key: string) => {
    const index = SIZE_ORDER.indexOf(key);
    return index === -1 ? SIZE_ORDER.length : index;
  };
  return {
    colors: [...colors.values()].sort((a, b) => a.label.localeCompare(b.label)),
    // Array.prototype.sort is stable: sizes outside SIZE_ORDER keep their first-seen order.
    sizes: [...sizes.values()].sort((a, b) => rank(a.key) - rank(b.key)),
  };
}

function tally(options: Map<string, FilterOption>, key: string, label: string): void {
  const option = options.get(key);
  if (option) option.count += 1;
  else options.set(key, { key, label, count: 1 });
}
