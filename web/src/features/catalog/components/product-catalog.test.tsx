import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTesting } from '../../../config/runtime-config';
import { setLocale } from '../../../i18n/i18n';
import { jsonFetch, productFixture, testConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { ProductCatalog } from './product-catalog';

const products = [
  productFixture({ id: 'tee', name: 'Organic Cotton Tee', price: 4900, category: 'Basics' }),
  productFixture({ id: 'coat', name: 'Wool Coat', price: 129000, category: 'Outerwear' }),
  productFixture({ id: 'tank', name: 'Rib Tank', price: 3500, category: 'Basics', images: [] }),
];

function Catalog({ initial }: { initial?: string }) {
  const [category, setCategory] = useState(initial);
  return <ProductCatalog category={category} onCategoryChange={setCategory} />;
}

describe('ProductCatalog', () => {
  beforeEach(() => {
    setRuntimeConfigForTesting(testConfig);
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /products': { body: { items: products } } })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfigForTesting(undefined);
  });

  it('shows the loading text, then product links named by the product with CHF prices', async () => {
    renderWithProviders(<Catalog />);
    expect(screen.getByRole('status').textContent).toBe('Loading products...');

    const link = await screen.findByRole('link', { name: 'Organic Cotton Tee' });
    expect(link.getAttribute('href')).toBe('/product/tee');
    const card = link.closest('article')!;
    expect(within(card).getByText('CHF 49.00')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(document.body.textContent).not.toContain('$');
  });

  it('offers All plus one button per category and filters by it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Catalog />);
    await screen.findByRole('link', { name: 'Wool Coat' });

    const filter = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Basics', 'Outerwear']);

    await user.click(within(filter).getByRole('button', { name: 'Outerwear' }));
    expect(within(filter).getByRole('button', { name: 'Outerwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Wool Coat']);
  });

  it('says so when a category has no products', async () => {
    renderWithProviders(<Catalog initial="accessories" />);
    expect(await screen.findByText('No products found in this category.')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('formats prices for the chosen language', async () => {
    await setLocale('de');
    renderWithProviders(<Catalog />);
    const coat = await screen.findByRole('link', { name: 'Wool Coat' });
    const price = within(coat.closest('article')!).getByText(/^CHF/).textContent;
    expect(price).toMatch(/^CHF\s1.290\.00$/);
    expect(screen.getByRole('button', { name: 'Oberbekleidung' })).toBeTruthy();
  });
});
