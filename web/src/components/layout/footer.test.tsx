import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Footer } from './footer';

const hrefOf = (scope: HTMLElement, name: string) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('Footer', () => {
  it("links the spec's categories, help, company and legal pages, with no dead links", () => {
    renderWithProviders(<Footer newsletter={<p>signup</p>} />);
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });

    expect(hrefOf(nav, 'Basics')).toBe('/products?category=basics');
    expect(hrefOf(nav, 'Outerwear')).toBe('/products?category=outerwear');
    expect(hrefOf(nav, 'Bottoms')).toBe('/products?category=bottoms');
    expect(hrefOf(nav, 'Accessories')).toBe('/products?category=accessories');
    expect(hrefOf(nav, 'Contact')).toBe('/contact');
    expect(hrefOf(nav, 'About')).toBe('/about');
    expect(hrefOf(nav, 'Privacy Policy')).toBe('/privacy');
    expect(hrefOf(nav, 'Terms of Service')).toBe('/terms');
    expect(hrefOf(nav, 'Size Guide')).toBe('/size-guide');
    expect(hrefOf(nav, 'Shipping & Returns')).toBe('/shipping-returns');
    expect(hrefOf(nav, 'FAQ')).toBe('/faq');

    for (const link of within(footer).getAllByRole('link')) {
      expect(link.getAttribute('href'), link.textContent ?? '').toMatch(/^\/[a-z-]*(\?category=[a-z-]+)?$/);
    }
    expect(within(footer).getByText('signup')).toBeTruthy();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} LINEA. All rights reserved.`)).toBeTruthy();
  });
});
