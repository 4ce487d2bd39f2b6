import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTesting } from '../../../config/runtime-config';
import { apiRequestUrl, productFixture, testConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { ProductSearchResults } from './product-search-results';

const coat = productFixture({ id: 'coat', name: 'Tailored Wool Coat', price: 129000, category: 'Outerwear' });

function stubSearch(items: unknown[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = apiRequestUrl(input);
    if (url.pathname !== '/products') return new Response('{}', { status: 404 });
    return new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('ProductSearchResults', () => {
  beforeEach(() => setRuntimeConfigForTesting(testConfig));
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfigForTesting(undefined);
  });

  it('asks the API with ?q= and shows the results under a heading naming the search', async () => {
    const fetch = stubSearch([coat]);
    renderWithProviders(<ProductSearchResults query="wool coat" onArrangementChange={vi.fn()} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Results for "wool coat"' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /^Tailored Wool Coat/ });
    expect(within(link).getByText(/^CHF\s1.290\.00$/)).toBeTruthy();
    expect(apiRequestUrl(fetch.mock.calls[0]![0]).searchParams.get('q')).toBe('wool coat');
    expect(screen.getByRole('link', { name: 'View all products' }).getAttribute('href')).toBe('/products');
  });

  it('says so when nothing matches', async () => {
    stubSearch([]);
    renderWithProviders(<ProductSearchResults query="tuxedo" onArrangementChange={vi.fn()} />);
    expect(await screen.findByText('No products found for "tuxedo".')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
