import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryFilter } from './category-filter';

const categories = [
  { id: 'basics', name: 'Basics' },
  { id: 'outerwear', name: 'Outerwear' },
  { id: 'bottoms', name: 'Bottoms' },
  { id: 'accessories', name: 'Accessories' },
];

/**
 * jsdom lays nothing out: give the row a phone's geometry, 300 px wide over 600 px of buttons,
 * each button 120 px wide, and a scrollBy that moves it.
 */
function layOut(row: HTMLElement) {
  let scrollLeft = 0;
  Object.defineProperties(row, {
    clientWidth: { configurable: true, get: () => 300 },
    scrollWidth: { configurable: true, get: () => 600 },
    scrollLeft: { configurable: true, get: () => scrollLeft, set: (value: number) => (scrollLeft = value) },
  });
  row.getBoundingClientRect = () => new DOMRect(0, 0, 300, 44);
  [...row.children].forEach((button, index) => {
    button.getBoundingClientRect = () => new DOMRect(index * 120 - scrollLeft, 0, 100, 44);
  });
  const scrollBy = vi.fn(({ left = 0 }: ScrollToOptions) => {
    scrollLeft = Math.max(0, Math.min(300, scrollLeft + left));
    fireEvent.scroll(row);
  });
  row.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
  return {
    scrollBy,
    scrollTo: (left: number) => {
      scrollLeft = left;
      fireEvent.scroll(row);
    },
  };
}

const frame = () => screen.getByRole('group', { name: 'Filter by category' }).parentElement!;

describe('CategoryFilter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the side that hides buttons, and neither once the row is scrolled to its end', () => {
    render(<CategoryFilter categories={categories} selected={undefined} onSelect={() => {}} />);
    const row = screen.getByRole('group', { name: 'Filter by category' });
    const { scrollTo } = layOut(row);
    fireEvent(window, new Event('resize'));
    expect(frame().hasAttribute('data-more-start')).toBe(false);
    expect(frame().hasAttribute('data-more-end')).toBe(true);

    scrollTo(150);
    expect(frame().hasAttribute('data-more-start')).toBe(true);
    expect(frame().hasAttribute('data-more-end')).toBe(true);

    scrollTo(300);
    expect(frame().hasAttribute('data-more-start')).toBe(true);
    expect(frame().hasAttribute('data-more-end')).toBe(false);
  });

  it('keeps the hints out of the keyboard order and of what a screen reader reads', () => {
    render(<CategoryFilter categories={categories} selected={undefined} onSelect={() => {}} />);
    // Only the five category buttons are buttons to assistive technology.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'Basics',
      'Outerwear',
      'Bottoms',
      'Accessories',
    ]);
    for (const hint of frame().querySelectorAll('.category-more')) {
      expect(hint.getAttribute('aria-hidden')).toBe('true');
      expect(hint.getAttribute('tabindex')).toBe('-1');
    }
  });

  it('scrolls a button that gets keyboard focus into view, clear of the edge', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CategoryFilter categories={categories} selected={undefined} onSelect={() => {}} />);
    const row = screen.getByRole('group', { name: 'Filter by category' });
    const { scrollBy } = layOut(row);

    await user.tab(); // All: in view, nothing moves
    expect(scrollBy).not.toHaveBeenCalled();
    await user.tab(); // Basics, 120–220 px: in view
    await user.tab(); // Outerwear, 240–340 px: past the 300 px edge
    expect(document.activeElement?.textContent).toBe('Outerwear');
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy.mock.calls[0]![0].left).toBe(40);
  });

  it('scrolls on by most of a row when an edge hint is clicked, leaving focus where it was', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CategoryFilter categories={categories} selected={undefined} onSelect={() => {}} />);
    const { scrollBy } = layOut(screen.getByRole('group', { name: 'Filter by category' }));
    await user.click(frame().querySelector('.category-more-end')!);
    expect(scrollBy.mock.calls[0]![0].left).toBe(210);
    // Focus stays off the hidden hint.
    expect(document.activeElement).toBe(document.body);
  });
});
