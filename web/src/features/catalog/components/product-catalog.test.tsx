import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTesting } from '../../../config/runtime-config';
import { setLocale } from '../../../i18n/i18n';
import { jsonFetch, productFixture, testConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { ProductCatalog, type CatalogueView } from './product-catalog';

const products = [
  productFixture({ id: 'tee', name: 'Organic Cotton Tee', price: 4900, category: 'Basics' }),
  productFixture({ id: 'coat', name: 'Wool Coat', price: 129000, category: 'Outerwear' }),
  productFixture({ id: 'tank', name: 'Rib Tank', price: 3500, category: 'Basics', images: [] }),
];

function Catalog({ initial }: { initial?: string }) {
  const [view, setView] = useState<CatalogueView>({ category: initial, sort: 'featured' });
  return <ProductCatalog view={view} onViewChange={setView} />;
}

/** Motion allowed: jsdom has no matchMedia, which the catalogue treats as "reduce motion". */
function allowMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const productLinks = () => screen.queryAllByRole('link').map((link) => within(link).getByRole('heading').textContent);

describe('ProductCatalog', () => {
  beforeEach(() => {
    setRuntimeConfigForTesting(testConfig);
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: products } } })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfigForTesting(undefined);
  });

  it('shows the loading text, then product links with the name and the CHF price', async () => {
    renderWithProviders(<Catalog />);
    expect(screen.getByRole('status').textContent).toBe('Loading products...');

    const link = await screen.findByRole('link', { name: /^Organic Cotton Tee/ });
    expect(link.getAttribute('href')).toBe('/product/tee');
    expect(within(link).getByText('CHF 49.00')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Organic Cotton Tee' })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(document.body.textContent).not.toContain('$');
  });

  it('keeps the list in view when refreshing it fails', async () => {
    const { queryClient } = renderWithProviders(<Catalog />);
    expect(await screen.findByRole('link', { name: /^Organic Cotton Tee/ })).toBeTruthy();

    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { status: 503, body: { error: 'INTERNAL' } } })));
    await act(async () => {
      await queryClient.refetchQueries();
      // The query tells its observers a task later.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    expect(queryClient.getQueryState(['catalog', 'products', {}, 'en'])?.status).toBe('error');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives product art a fixed 4:5 box and loads only the first row eagerly', async () => {
    const many = Array.from({ length: 6 }, (_, i) => productFixture({ id: `p${i}`, name: `Piece ${i}` }));
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: many } } })));
    const { container } = renderWithProviders(<Catalog />);
    await screen.findByRole('link', { name: /^Piece 5/ });
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(
      Array(6).fill(['800', '1000']),
    );
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('offers All plus one button per category and filters by it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Catalog />);
    await screen.findByRole('link', { name: /^Wool Coat/ });

    const filter = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Basics', 'Outerwear']);
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filter).getByRole('button', { name: 'Outerwear' }));
    expect(within(filter).getByRole('button', { name: 'Outerwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(productLinks()).toEqual(['Wool Coat']);

    await user.click(within(filter).getByRole('button', { name: 'All' }));
    expect(productLinks()).toEqual(['Organic Cotton Tee', 'Wool Coat', 'Rib Tank']);
  });

  it('fades the old grid out for 200 ms before swapping in the new category', async () => {
    allowMotion();
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithProviders(<Catalog />);
    await screen.findByRole('link', { name: /^Wool Coat/ });
    const cards = [...container.querySelectorAll<HTMLElement>('.product-card')];
    expect(cards.map((card) => card.style.getPropertyValue('--card-index'))).toEqual(['0', '1', '2']);

    const started = performance.now();
    await user.click(screen.getByRole('button', { name: 'Outerwear' }));
    // The button follows at once; the grid is still the old one, fading out.
    expect(screen.getByRole('button', { name: 'Outerwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('.catalog-results')?.hasAttribute('data-leaving')).toBe(true);
    expect(productLinks()).toHaveLength(3);

    await waitFor(() => expect(productLinks()).toEqual(['Wool Coat']));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(container.querySelector('.catalog-results')?.hasAttribute('data-leaving')).toBe(false);
  });

  it('says so when a category has no products', async () => {
    renderWithProviders(<Catalog initial="accessories" />);
    expect(await screen.findByText('No products found in this category.')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('marks sold-out products on their card', async () => {
    const soldOut = productFixture({ id: 'vest', name: 'Down Vest', inStock: false, stockQuantity: 0 });
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: [soldOut] } } })));
    renderWithProviders(<Catalog />);
    const link = await screen.findByRole('link', { name: /^Down Vest/ });
    expect(within(link).getByText('Out of stock')).toBeTruthy();
  });

  it('formats prices for the chosen language', async () => {
    await setLocale('de');
    renderWithProviders(<Catalog />);
    const coat = await screen.findByRole('link', { name: /^Wool Coat/ });
    const price = within(coat).getByText(/^CHF/).textContent;
    expect(price).toMatch(/^CHF\s1.290\.00$/);
    expect(screen.getByRole('button', { name: 'Oberbekleidung' })).toBeTruthy();
  });
});
