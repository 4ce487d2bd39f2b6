import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ListArrangement, ViewUpdate } from '../lib/list-view';
import { ListToolbar } from './list-toolbar';

const options = {
  colors: [
    { key: 'Black', label: 'Black', count: 2 },
    { key: 'Navy', label: 'Navy', count: 1 },
  ],
  sizes: [
    { key: 'S', label: 'S', count: 2 },
    { key: 'M', label: 'M', count: 3 },
  ],
};

describe('ListToolbar', () => {
  it('reports changes against the state they are applied to, so quick changes in a row add up', async () => {
    const user = userEvent.setup({ delay: null });
    const updates: ViewUpdate<ListArrangement>[] = [];
    // The props never change here, as when the page has not been drawn again between two choices.
    render(
      <ListToolbar
        arrangement={{ sort: 'featured' }}
        options={options}
        count={3}
        onChange={(update) => updates.push(update)}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Black');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');

    const result = updates.reduce<ListArrangement>((current, update) => update(current), { sort: 'featured' });
    expect(result).toEqual({ sort: 'newest', color: 'Black', size: 'M' });
  });

  it('offers every colour and size with an "All" choice, and names the count', () => {
    render(
      <ListToolbar arrangement={{ sort: 'price-desc', size: 'S' }} options={options} count={1} onChange={() => {}} />,
    );
    expect(screen.getByRole('group', { name: 'Sort and filter' })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('price-desc');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Color' }).value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Size' }).value).toBe('S');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Featured',
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'All colors',
      'Black',
      'Navy',
      'All sizes',
      'S',
      'M',
    ]);
    expect(screen.getByRole('status').textContent).toBe('1 product');
  });
});
