import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../stores/cart-store';
import { useSessionStore } from '../../stores/session-store';
import { initTheme, reloadThemeForTesting } from '../../stores/theme-store';
import { renderWithProviders } from '../../testing/render';
import { Header } from './header';

/** Lazy chunks (a page, the toaster, the menu) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const tee = { id: 'tee', name: 'Tee', price: 4900, size: 'M', color: 'Chalk', image: '/t.svg' };

beforeAll(() => {
  // Radix positions its menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  useCartStore.setState({ lines: [] });
  useSessionStore.setState({ status: 'signedOut', confirmed: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('links the pages, wishlist and cart, and offers Sign In without a session', () => {
    renderWithProviders(<Header />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/products');
    expect(within(main).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(within(main).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'LINEA home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Wishlist' }).getAttribute('href')).toBe('/wishlist');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('offers Account (to /dashboard) with a session, and follows sign-out', () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    act(() => useSessionStore.getState().sessionEnded());
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('names the cart with its item count and updates it with the cart', () => {
    renderWithProviders(<Header />);
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(cart.getAttribute('href')).toBe('/cart');

    act(() => useCartStore.getState().add(tee, 2));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
    act(() => useCartStore.getState().setQuantity(tee, 1));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it('searches the catalogue: /products?q=<text>', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<Header />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '  wool coat {Enter}');
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?q=wool+coat');
  });

  it('opens the search under the header from either of its buttons, searches, and closes with Escape back to the one used', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<Header />);
    // CSS shows one at a time: the phone's beside the menu, the narrow desktop's among the tools.
    const toggles = screen.getAllByRole('button', { name: 'Search the shop' });
    expect(toggles).toHaveLength(2);

    for (const toggle of toggles) {
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      const field = within(panel).getByRole('searchbox', { name: 'Search' });
      expect(document.activeElement).toBe(field);
      await user.keyboard('{Escape}');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
      expect(panel.isConnected).toBe(false);
    }

    await user.click(toggles[0]!);
    await user.keyboard('linen shirt{Enter}');
    expect(router.state.location.search).toBe('?q=linen+shirt');
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the mobile menu from the keyboard, traps focus in it, and closes with Escape back to the button', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Header />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, LAZY);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(within(menu).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/products');
    expect(within(menu).getByRole('link', { name: 'Basics' }).getAttribute('href')).toBe('/products?category=basics');
    expect(within(menu).getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(within(menu).getByRole('radio', { name: 'System' })).toBeTruthy();

    // Tabbing past the last control stays inside the sheet.
    for (let i = 0; i < 25; i += 1) await user.tab();
    expect(menu.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu with its close button and when a link is followed', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    let menu = await screen.findByRole('dialog', { name: 'Menu' }, LAZY);
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    menu = await screen.findByRole('dialog', { name: 'Menu' }, LAZY);
    await user.click(within(menu).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/about');
  });

  it('switches the theme from the header menu', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
    );
    reloadThemeForTesting();
    const stop = initTheme();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Header />);

    await user.click(await screen.findByRole('button', { name: 'Theme' }, LAZY));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }, LAZY));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Theme' }));
    expect((await screen.findByRole('menuitemradio', { name: 'Dark' }, LAZY)).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'System' }));
    expect(document.documentElement.classList.contains('light')).toBe(true);
    stop();
  });
});
