import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '@linea/shared/domain/cart';
import { productFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { useCartStore } from '../../../stores/cart-store';
import { useToastStore } from '../../../stores/toast-store';
import { ProductDetails } from './product-details';

const tee = productFixture({
  id: 'tee',
  name: 'Essential Organic Tee',
  price: 4900,
  category: 'Basics',
  stockQuantity: 48,
  sizes: ['XS', 'S', 'M', 'L', 'XL'],
  colors: ['Chalk', 'Black', 'Stone'],
  images: ['/img/tee-1.svg', '/img/tee-2.svg', '/img/tee-3.svg'],
});

const toasts = () =>
  useToastStore.getState().toasts.map(({ title, description, variant }) => ({ title, description, variant }));

beforeEach(() => {
  useCartStore.setState({ lines: [] });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => useCartStore.setState({ lines: [] }));

describe('ProductDetails', () => {
  it("asks for a size with 'Please select a size' beside the sizes and in a toast, and adds nothing", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={tee} />);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(within(sizes).getByText('Please select a size')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'XS' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'XS' }));
    expect(toasts()).toEqual([{ title: 'Please select a size', description: undefined, variant: 'error' }]);
    expect(useCartStore.getState().lines).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(within(sizes).queryByText('Please select a size')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('adds the chosen quantity, colour and size, and names the quantity in the toast', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={tee} />);

    await user.click(screen.getByRole('radio', { name: 'Black' }));
    await user.click(screen.getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(useCartStore.getState().lines).toEqual([
      {
        id: 'tee',
        name: 'Essential Organic Tee',
        price: 4900,
        size: 'M',
        color: 'Black',
        sizeLabel: 'M',
        colorName: 'Black',
        locale: 'en',
        image: '/img/tee-2.svg',
        quantity: 3,
      },
    ]);
    expect(toasts()).toEqual([
      { title: 'Added to cart', description: '3 × Essential Organic Tee (M, Black)', variant: 'success' },
    ]);
  });

  it('keeps the quantity between 1 and the stock', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={{ ...tee, stockQuantity: 4 }} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });

    expect(decrease.getAttribute('aria-disabled')).toBe('true');
    await user.click(decrease);
    expect(quantity.value).toBe('1');

    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.tab();
    expect(quantity.value).toBe('4');
    expect(screen.getByRole('button', { name: 'Increase quantity' }).getAttribute('aria-disabled')).toBe('true');
    expect(quantity.getAttribute('max')).toBe('4');
  });

  it('never puts more in the cart than stock or the line limit allow', async () => {
    const user = userEvent.setup({ delay: null });
    useCartStore
      .getState()
      .add({ id: 'tee', name: 'Essential Organic Tee', price: 4900, size: 'M', color: 'Chalk', image: '' }, 3);
    renderWithProviders(<ProductDetails product={{ ...tee, stockQuantity: 4 }} />);
    await user.click(screen.getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(useCartStore.getState().lines[0]?.quantity).toBe(4);
    expect(toasts()[0]?.description).toBe('1 × Essential Organic Tee (M, Chalk)');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(useCartStore.getState().lines[0]?.quantity).toBe(4);
    expect(toasts()[1]?.title).toBe('Maximum quantity reached');
    expect(MAX_LINE_QUANTITY).toBeGreaterThan(4);
  });

  it('shows a sold-out product as Out of stock and does not let it be added', () => {
    renderWithProviders(<ProductDetails product={{ ...tee, inStock: false, stockQuantity: 0 }} />);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('chooses colours as named radios that switch the gallery image, and thumbnails the other way round', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={tee} />);
    const gallery = screen.getByRole('region', { name: 'Product images' });
    const main = () => within(gallery).getAllByRole('img')[0]!.getAttribute('src');

    expect(screen.getByRole('group', { name: 'Color' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Chalk' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Stone' }));
    expect(main()).toBe('/img/tee-3.svg');

    await user.click(within(gallery).getByRole('button', { name: 'Show image 2 of 3' }));
    expect(main()).toBe('/img/tee-2.svg');
    expect((screen.getByRole('radio', { name: 'Black' }) as HTMLInputElement).checked).toBe(true);
  });

  it('preselects a single size', () => {
    renderWithProviders(
      <ProductDetails product={{ ...tee, category: 'Accessories', categoryId: 'accessories', sizes: ['One Size'] }} />,
    );
    expect((screen.getByRole('radio', { name: 'One Size' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Size Guide' })).toBeNull();
  });

  it('opens the size guide as a dialog with inches and centimetres, and returns focus on close', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={tee} />);
    const trigger = screen.getByRole('button', { name: 'Size Guide' });

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Size Guide' });
    const table = within(dialog).getByRole('table', { name: 'Tops: chest measurements' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['XS', '86–91', '34–36'],
      ['S', '91–97', '36–38'],
      ['M', '97–102', '38–40'],
      ['L', '102–107', '40–42'],
      ['XL', '107–112', '42–44'],
    ]);
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close size guide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('shows the waist table for bottoms', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProductDetails product={{ ...tee, category: 'Bottoms', categoryId: 'bottoms' }} />);
    await user.click(screen.getByRole('button', { name: 'Size Guide' }));
    const table = within(await screen.findByRole('dialog')).getByRole('table', { name: 'Bottoms: waist measurements' });
    expect(within(table).getByRole('row', { name: /^XS/ }).textContent).toContain('26–28');
    expect(within(table).getByRole('row', { name: /^XL/ }).textContent).toContain('34–36');
  });

  it('states the shop policy: CHF 7.00 flat shipping in Switzerland, 1–2 days dispatch, 30-day returns', () => {
    renderWithProviders(<ProductDetails product={tee} />);
    expect(screen.getByText('CHF 7.00 flat shipping within Switzerland')).toBeTruthy();
    expect(screen.getByText('Dispatched in 1–2 business days')).toBeTruthy();
    expect(screen.getByText('30-day returns')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/free shipping|\$/i);
  });
});
