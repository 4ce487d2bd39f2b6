import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import { setLocale } from '../i18n/i18n';
import { apiRequestUrl, productFixture } from '../testing/fixtures';
import { setUpTestRuntime } from '../testing/runtime';
import { createTestQueryClient, renderRoutes } from '../testing/render';
import { ProductRoute } from './product';
import { ProductsRoute } from './products';

/** The API's display order; prices, dates and options chosen so every sort order differs. */
function catalogue(lang: string): ProductDto[] {
  const de = lang === 'de';
  const names = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([key, german]) => [key, de ? german : key]));
  return [
    productFixture({
      id: 'tee',
      name: 'Organic Cotton Tee',
      category: 'Basics',
      price: 4900,
      featured: true,
      createdAt: '2026-01-12T09:00:00.000Z',
      colors: ['Black', 'Chalk'],
      colorNames: names({ Black: 'Schwarz', Chalk: 'Kreideweiss' }),
      sizes: ['S', 'M', 'L'],
    }),
    productFixture({
      id: 'sweater',
      name: 'Merino Sweater',
      category: 'Basics',
      price: 14900,
      createdAt: '2026-09-02T08:30:00.000Z',
      colors: ['Navy'],
      colorNames: names({ Navy: 'Marineblau' }),
      sizes: ['S', 'M'],
    }),
    productFixture({
      id: 'coat',
      name: 'Wool Coat',
      category: 'Outerwear',
      price: 49900,
      featured: true,
      createdAt: '2026-05-22T08:00:00.000Z',
      colors: ['Camel', 'Black'],
      colorNames: names({ Camel: 'Camel', Black: 'Schwarz' }),
      sizes: ['M', 'L'],
    }),
    productFixture({
      id: 'beanie',
      name: 'Merino Beanie',
      category: 'Accessories',
      price: 4500,
      createdAt: '2026-10-13T08:00:00.000Z',
      colors: ['Olive'],
      colorNames: names({ Olive: 'Oliv' }),
      sizes: ['One Size'],
      sizeLabels: { 'One Size': de ? 'Einheitsgrösse' : 'One Size' },
    }),
  ];
}

/** GET /products (with ?q= matching names and colour keys) and GET /products/{id}. */
function stubApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = apiRequestUrl(input);
    const items = catalogue(url.searchParams.get('lang') ?? 'en');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/products') {
      const q = url.searchParams.get('q')?.toLowerCase();
      const found = q
        ? items.filter((item) => [item.name, ...item.colors].some((text) => text.toLowerCase().includes(q)))
        : items;
      return json({ items: found });
    }
    const product = items.find((item) => url.pathname === `/products/${item.id}`);
    return product ? json(product) : json({ error: 'NOT_FOUND', message: 'no such product' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const routes = [
  { path: '/products', element: <ProductsRoute /> },
  { path: '/product/:id', element: <ProductRoute /> },
];

function renderList(path: string) {
  return renderRoutes(routes, path);
}

const names = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);
const count = () => screen.getByRole('status').textContent;

describe('/products: sort and filters in the URL', () => {
  setUpTestRuntime({ session: 'signedOut' });

  it('sorts by price and writes the order into the URL, leaving the default order out', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products');
    await screen.findByRole('article', { name: 'Wool Coat' });
    // Featured first, then the shop's own order.
    expect(names()).toEqual(['Organic Cotton Tee', 'Wool Coat', 'Merino Sweater', 'Merino Beanie']);
    expect(optionsOf('Sort by')).toEqual(['Featured', 'Newest', 'Price: low to high', 'Price: high to low']);

    await user.selectOptions(select('Sort by'), 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'));
    expect(names()).toEqual(['Merino Beanie', 'Organic Cotton Tee', 'Merino Sweater', 'Wool Coat']);

    await user.selectOptions(select('Sort by'), 'Newest');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
    expect(names()).toEqual(['Merino Beanie', 'Merino Sweater', 'Wool Coat', 'Organic Cotton Tee']);

    await user.selectOptions(select('Sort by'), 'Featured');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(names()[0]).toBe('Organic Cotton Tee');
  });

  it('narrows by colour and size, writes both into the URL and announces the count', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products');
    await screen.findByRole('article', { name: 'Wool Coat' });
    expect(count()).toBe('4 products');
    // Every colour and size of the list, by name and small to large.
    expect(optionsOf('Color')).toEqual(['All colors', 'Black', 'Camel', 'Chalk', 'Navy', 'Olive']);
    expect(optionsOf('Size')).toEqual(['All sizes', 'S', 'M', 'L', 'One Size']);

    await user.selectOptions(select('Color'), 'Black');
    await waitFor(() => expect(router.state.location.search).toBe('?color=Black'));
    expect(names()).toEqual(['Organic Cotton Tee', 'Wool Coat']);
    expect(count()).toBe('2 products');

    await user.selectOptions(select('Size'), 'S');
    await waitFor(() => expect(router.state.location.search).toBe('?color=Black&size=S'));
    expect(names()).toEqual(['Organic Cotton Tee']);
    expect(count()).toBe('1 product');

    await user.selectOptions(select('Color'), 'All colors');
    await waitFor(() => expect(router.state.location.search).toBe('?size=S'));
    expect(names()).toEqual(['Organic Cotton Tee', 'Merino Sweater']);
  });

  it('keeps both of two choices made before the page is drawn again', async () => {
    stubApi();
    const { router } = renderList('/products?sort=newest');
    await screen.findByRole('article', { name: 'Wool Coat' });
    // One act: React draws nothing in between, so the second choice sees the page as before the first.
    act(() => {
      fireEvent.change(select('Color'), { target: { value: 'Black' } });
      fireEvent.change(select('Size'), { target: { value: 'L' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest&color=Black&size=L'));
    expect(names()).toEqual(['Wool Coat', 'Organic Cotton Tee']);
  });

  it('opens a shared link on the same list, its choices shown in the toolbar', async () => {
    const fetch = stubApi();
    renderList('/products?category=basics&sort=price-desc&color=Black&size=M');
    await screen.findByRole('article', { name: 'Organic Cotton Tee' });
    expect(names()).toEqual(['Organic Cotton Tee']);
    expect(select('Sort by').value).toBe('price-desc');
    expect(select('Color').value).toBe('Black');
    expect(select('Size').value).toBe('M');
    expect(screen.getByRole('button', { name: 'Basics' }).getAttribute('aria-pressed')).toBe('true');
    // Sort and filters need no request of their own: the whole catalogue, once.
    expect(fetch.mock.calls.map(([input]) => apiRequestUrl(input).search)).toEqual(['?lang=en']);
  });

  it('ignores a sort, colour or size it does not know and corrects the URL', async () => {
    stubApi();
    const { router } = renderList('/products?sort=cheapest&color=Purple&size=XXXL');
    await screen.findByRole('article', { name: 'Wool Coat' });
    expect(names()).toEqual(['Organic Cotton Tee', 'Wool Coat', 'Merino Sweater', 'Merino Beanie']);
    expect(select('Sort by').value).toBe('featured');
    expect(select('Color').value).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Corrected in place: no extra history entry to step back through.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the sort on another category, and a colour only if that category has it', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products?sort=price-asc&color=Black');
    await screen.findByRole('article', { name: 'Wool Coat' });

    await user.click(screen.getByRole('button', { name: 'Outerwear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=outerwear&sort=price-asc&color=Black'));
    await waitFor(() => expect(names()).toEqual(['Wool Coat']));

    await user.click(screen.getByRole('button', { name: 'Accessories' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=accessories&sort=price-asc'));
    await waitFor(() => expect(names()).toEqual(['Merino Beanie']));
    expect(select('Color').value).toBe('');
  });

  it('says so when the filters leave nothing, and "Clear filters" keeps the sort', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products?sort=newest&color=Olive&size=M');
    expect(await screen.findByText('No products match these filters.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(count()).toBe('0 products');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
    expect(names()).toEqual(['Merino Beanie', 'Merino Sweater', 'Wool Coat', 'Organic Cotton Tee']);
    // The button is gone; focus goes to the filters rather than to the page's start.
    expect(document.activeElement).toBe(select('Color'));
  });

  it('leads back from a product to the list it came from, with its category, sort and filters', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products?category=basics&sort=price-desc&size=M');
    await screen.findByRole('article', { name: 'Merino Sweater' });
    expect(names()).toEqual(['Merino Sweater', 'Organic Cotton Tee']);

    await user.click(screen.getByRole('link', { name: /^Organic Cotton Tee/ }));
    await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Tee' });
    const back = screen.getByRole('link', { name: 'Back to Products' });
    expect(back.getAttribute('href')).toBe('/products?category=basics&sort=price-desc&size=M');

    await user.click(back);
    await screen.findByRole('article', { name: 'Merino Sweater' });
    expect(router.state.location.search).toBe('?category=basics&sort=price-desc&size=M');
    expect(names()).toEqual(['Merino Sweater', 'Organic Cotton Tee']);
  });

  it('sorts and filters search results too, and a product from them leads back to the search', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/products?q=merino');
    await screen.findByRole('article', { name: 'Merino Beanie' });
    expect(names()).toEqual(['Merino Sweater', 'Merino Beanie']);

    await user.selectOptions(select('Sort by'), 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toBe('?q=merino&sort=price-asc'));
    expect(names()).toEqual(['Merino Beanie', 'Merino Sweater']);
    expect(optionsOf('Color')).toEqual(['All colors', 'Navy', 'Olive']);

    await user.click(screen.getByRole('link', { name: /^Merino Beanie/ }));
    const back = await screen.findByRole('link', { name: 'Back to Products' });
    expect(back.getAttribute('href')).toBe('/products?q=merino&sort=price-asc');
  });

  it('suggests the categories and three products, featured first, when a search finds nothing', async () => {
    stubApi();
    renderList('/products?q=tuxedo');
    expect(await screen.findByText('No products found for "tuxedo".')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();

    const categories = screen.getByRole('region', { name: 'Browse by category' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Basics', '/products?category=basics'],
      ['Outerwear', '/products?category=outerwear'],
      ['Bottoms', '/products?category=bottoms'],
      ['Accessories', '/products?category=accessories'],
    ]);
    const products = await screen.findByRole('region', { name: 'You might like' });
    await within(products).findByRole('article', { name: 'Organic Cotton Tee' });
    // Under the section's h2, the product names are h3.
    expect(
      within(products)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Organic Cotton Tee', 'Wool Coat', 'Merino Sweater']);
  });

  it('speaks German: labels, orders, colour names and the count', async () => {
    await setLocale('de');
    stubApi();
    const user = userEvent.setup({ delay: null });
    renderList('/products?sort=price-asc');
    await screen.findByRole('article', { name: 'Wool Coat' });
    expect(optionsOf('Sortieren nach')).toEqual(['Empfohlen', 'Neuheiten', 'Preis aufsteigend', 'Preis absteigend']);
    expect(select('Sortieren nach').value).toBe('price-asc');
    expect(optionsOf('Farbe')).toEqual(['Alle Farben', 'Camel', 'Kreideweiss', 'Marineblau', 'Oliv', 'Schwarz']);
    expect(optionsOf('Grösse')).toEqual(['Alle Grössen', 'S', 'M', 'L', 'Einheitsgrösse']);
    expect(count()).toBe('4 Produkte');

    await user.selectOptions(select('Farbe'), 'Oliv');
    await waitFor(() => expect(count()).toBe('1 Produkt'));
    await user.selectOptions(select('Grösse'), 'M');
    expect(await screen.findByText('Keine Produkte entsprechen diesen Filtern.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();
  });
});

describe('/product/{id}: Back to Products', () => {
  setUpTestRuntime({ session: 'signedOut' });

  function renderProductWithState(state: unknown) {
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/product/tee', state }] });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('uses the list the page was opened from, as history keeps it across a reload', async () => {
    stubApi();
    renderProductWithState({ listSearch: '?q=wool&color=Camel' });
    const back = await screen.findByRole('link', { name: 'Back to Products' });
    expect(back.getAttribute('href')).toBe('/products?q=wool&color=Camel');
  });

  it('falls back to /products without a list, or with state it does not understand', async () => {
    stubApi();
    renderProductWithState({ listSearch: 42 });
    expect((await screen.findByRole('link', { name: 'Back to Products' })).getAttribute('href')).toBe('/products');
  });
});
