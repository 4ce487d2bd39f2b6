import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import { Toaster } from '../../../components/ui/toaster';
import { useCartStore } from '../../../stores/cart-store';
import { useToastStore } from '../../../stores/toast-store';
import { apiRequestUrl, coatLine, jsonFetch, productFixture, teeLine } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import { CartView } from './cart-view';

const tee = productFixture({
  id: 'tee',
  name: 'Essential Organic Tee',
  price: 4900,
  stockQuantity: 48,
  sizes: ['S', 'M', 'L'],
  colors: ['Chalk', 'Black'],
});
const coat = productFixture({
  id: 'coat',
  name: 'Tailored Wool Coat',
  price: 59000,
  stockQuantity: 12,
  sizes: ['M'],
  colors: ['Camel'],
});

function stubCatalogue(products: Record<string, ProductDto>) {
  const routes = Object.fromEntries(Object.entries(products).map(([id, body]) => [`GET /products/${id}`, { body }]));
  const fetch = vi.fn(jsonFetch(routes));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Text as read, with Intl's no-break spaces ("CHF\u00a049.00") as plain ones. */
const text = (element: Element): string => element.textContent!.replace(/\s+/g, ' ');

function summaryRow(label: string): string {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  const term = within(summary).getByText(label, { selector: 'dt' });
  return text(term.parentElement!.querySelector('dd')!);
}

/** The tee again, in S: the same product on two lines. */
const smallTeeLine = { ...teeLine, size: 'S', quantity: 3 };

/** Each line's name and quantity, in the order listed ("Tailored Wool Coat (M, Camel) × 1"). */
function listedLines(): string[] {
  const list = screen.getByRole('list', { name: 'Items in your cart' });
  return within(list)
    .getAllByRole('spinbutton')
    .map((input) => {
      const label = (input as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return `${label.replace('Quantity of ', '')} × ${(input as HTMLInputElement).value}`;
    });
}

setUpTestRuntime();

describe('CartView', () => {
  it('shows the empty state with a way to the products', () => {
    useCartStore.setState({ lines: [] });
    renderWithProviders(<CartView />);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });

  it('lists each line with a link, size, colour, unit price and line total, and sums up with CHF 7.00 shipping', async () => {
    useCartStore.setState({ lines: [teeLine, coatLine] });
    const fetch = stubCatalogue({ tee, coat });
    renderWithProviders(<CartView />);

    const lines = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const first = lines[0]!;
    expect(within(first).getByRole('link', { name: 'Essential Organic Tee' }).getAttribute('href')).toBe(
      '/product/tee',
    );
    expect(text(first)).toContain('SizeM');
    expect(text(first)).toContain('ColorChalk');
    expect(text(first)).toContain('Unit priceCHF 49.00');
    expect(within(first).getByText('CHF 98.00')).toBeTruthy();

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout'),
    );
    expect(summaryRow('Subtotal')).toBe('CHF 688.00');
    expect(summaryRow('Shipping')).toBe('CHF 7.00');
    expect(summaryRow('Total')).toBe('CHF 695.00');
    expect(summaryRow('incl. VAT (8.1%)')).toBe('CHF 52.08');
    // One request per distinct product, in parallel.
    expect(fetch.mock.calls.map(([input]) => apiRequestUrl(input).pathname).sort()).toEqual([
      '/products/coat',
      '/products/tee',
    ]);
  });

  it('changes quantities with labelled controls and removes lines', async () => {
    const user = userEvent.setup({ delay: null });
    useCartStore.setState({ lines: [teeLine, coatLine] });
    stubCatalogue({ tee, coat });
    renderWithProviders(<CartView />);
    await screen.findByRole('link', { name: 'Proceed to Checkout' });

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Essential Organic Tee (M, Chalk)' }));
    expect(useCartStore.getState().lines[0]?.quantity).toBe(3);
    expect(summaryRow('Subtotal')).toBe('CHF 737.00');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Essential Organic Tee (M, Chalk)' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Essential Organic Tee (M, Chalk)' }));
    expect(useCartStore.getState().lines[0]?.quantity).toBe(1);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Essential Organic Tee (M, Chalk)' });
    expect((input as HTMLInputElement).value).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Remove Tailored Wool Coat (M, Camel)' }));
    expect(useCartStore.getState().lines.map((line) => line.id)).toEqual(['tee']);

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(useCartStore.getState().lines).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
  });

  it('marks a product that is gone as unavailable, leaves it out of the total and blocks checkout until removed', async () => {
    const user = userEvent.setup({ delay: null });
    useCartStore.setState({ lines: [teeLine, coatLine] });
    stubCatalogue({ tee }); // the coat answers 404
    renderWithProviders(<CartView />);

    const coatItem = (await screen.findByText('No longer available')).closest('li')!;
    expect(within(coatItem).getByRole('link', { name: 'Tailored Wool Coat' })).toBeTruthy();
    expect(within(coatItem).queryByRole('spinbutton')).toBeNull();
    expect(summaryRow('Subtotal')).toBe('CHF 98.00');
    expect(summaryRow('Total')).toBe('CHF 105.00');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(screen.getByText('Remove the unavailable items to proceed to checkout.')).toBeTruthy();

    await user.click(within(coatItem).getByRole('button', { name: 'Remove Tailored Wool Coat (M, Camel)' }));
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toBeTruthy();
  });

  it('marks sold-out products and discontinued sizes as unavailable', async () => {
    useCartStore.setState({ lines: [teeLine, coatLine] });
    stubCatalogue({ tee: { ...tee, sizes: ['S', 'L'] }, coat: { ...coat, inStock: false, stockQuantity: 0 } });
    renderWithProviders(<CartView />);
    expect(await screen.findByText('This size or color is no longer available')).toBeTruthy();
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect(summaryRow('Total')).toBe('CHF 0.00');
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the current price with a note and stores it', async () => {
    useCartStore.setState({ lines: [teeLine] });
    stubCatalogue({ tee: { ...tee, price: 5400 } });
    renderWithProviders(<CartView />);

    const note = await screen.findByText('Price updated', { exact: false });
    expect(text(note)).toBe('Price updated (was CHF 49.00)');
    expect(useCartStore.getState().lines[0]?.price).toBe(5400);
    const line = note.closest('li')!;
    expect(text(line)).toContain('Unit priceCHF 54.00');
    expect(within(line).getByText('CHF 108.00')).toBeTruthy();
    expect(summaryRow('Subtotal')).toBe('CHF 108.00');
  });

  it('lowers a quantity above the stock to the stock, with a note', async () => {
    useCartStore.setState({ lines: [{ ...teeLine, quantity: 5 }] });
    stubCatalogue({ tee: { ...tee, stockQuantity: 3 } });
    renderWithProviders(<CartView />);

    expect(await screen.findByText('Only 3 in stock: quantity reduced')).toBeTruthy();
    expect(useCartStore.getState().lines[0]?.quantity).toBe(3);
    expect(
      screen
        .getByRole('button', { name: 'Increase quantity of Essential Organic Tee (M, Chalk)' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  describe('undo', () => {
    beforeAll(() => {
      // Radix Toast watches pointers for its swipe; jsdom has no pointer capture.
      Element.prototype.hasPointerCapture ??= () => false;
      Element.prototype.releasePointerCapture ??= () => undefined;
    });
    beforeEach(() => useToastStore.setState({ toasts: [] }));

    const toastNamed = async (title: string) =>
      (await screen.findByText(title, { selector: '.toast-title' })).closest('.toast') as HTMLElement;

    it('says which line was removed, and Undo puts it back at its place with its quantity', async () => {
      const user = userEvent.setup({ delay: null });
      useCartStore.setState({ lines: [teeLine, coatLine, smallTeeLine] });
      stubCatalogue({ tee, coat });
      renderWithProviders(
        <>
          <CartView />
          <Toaster />
        </>,
      );
      await screen.findByRole('link', { name: 'Proceed to Checkout' });
      const before = listedLines();
      expect(before).toEqual([
        'Essential Organic Tee (M, Chalk) × 2',
        'Tailored Wool Coat (M, Camel) × 1',
        'Essential Organic Tee (S, Chalk) × 3',
      ]);

      await user.click(screen.getByRole('button', { name: 'Remove Tailored Wool Coat (M, Camel)' }));
      expect(listedLines()).toEqual([before[0], before[2]]);
      const removed = await toastNamed('Removed from your cart');
      expect(within(removed).getByText('1 × Tailored Wool Coat (M, Camel)')).toBeTruthy();
      // Read out by the toast region's live announcement, with where to find Undo.
      await waitFor(() =>
        expect(
          screen.getAllByRole('status').some((region) => region.textContent?.includes('1 × Tailored Wool Coat')),
        ).toBe(true),
      );

      await user.click(within(removed).getByRole('button', { name: 'Undo' }));
      expect(listedLines()).toEqual(before);
      expect(useCartStore.getState().lines).toEqual([teeLine, coatLine, smallTeeLine]);
      expect(await toastNamed('Back in your cart')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('Removed from your cart')).toBeNull());
    });

    it('says what a cleared cart held, and Undo brings back every line in order', async () => {
      const user = userEvent.setup({ delay: null });
      useCartStore.setState({ lines: [teeLine, coatLine, smallTeeLine] });
      stubCatalogue({ tee, coat });
      renderWithProviders(
        <>
          <CartView />
          <Toaster />
        </>,
      );
      await screen.findByRole('link', { name: 'Proceed to Checkout' });

      await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
      expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
      const cleared = await toastNamed('Your cart was cleared');
      expect(
        within(cleared).getByText(/^2 × Essential Organic Tee \(M, Chalk\), 1 × Tailored Wool Coat/).textContent,
      ).toBe(
        '2 × Essential Organic Tee (M, Chalk), 1 × Tailored Wool Coat (M, Camel), and 3 × Essential Organic Tee (S, Chalk)',
      );

      await user.click(within(cleared).getByRole('button', { name: 'Undo' }));
      expect(useCartStore.getState().lines).toEqual([teeLine, coatLine, smallTeeLine]);
      expect(listedLines()).toEqual([
        'Essential Organic Tee (M, Chalk) × 2',
        'Tailored Wool Coat (M, Camel) × 1',
        'Essential Organic Tee (S, Chalk) × 3',
      ]);
    });

    it('sums up a cleared cart of many lines by its item count', async () => {
      const user = userEvent.setup({ delay: null });
      const lines = ['XS', 'S', 'M', 'L'].map((size) => ({ ...teeLine, size, quantity: 3 }));
      useCartStore.setState({ lines });
      stubCatalogue({ tee: { ...tee, sizes: ['XS', 'S', 'M', 'L'] } });
      renderWithProviders(
        <>
          <CartView />
          <Toaster />
        </>,
      );
      await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
      const cleared = await toastNamed('Your cart was cleared');
      expect(within(cleared).getByText('12 items')).toBeTruthy();
      await user.click(within(cleared).getByRole('button', { name: 'Undo' }));
      expect(useCartStore.getState().lines).toEqual(lines);
    });
  });
});
