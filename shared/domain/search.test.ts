import { describe, expect, it } from 'vitest';
import { searchProducts } from './search';

const catalogue = [
  { id: 'coat', name: 'Wool Overcoat', category: 'Outerwear', description: 'Double-faced wool.', colors: ['Camel'] },
  {
    id: 'tee',
    name: 'Essential Tee',
    category: 'Basics',
    description: 'Crème organic cotton, a wool-free tee.',
    colors: ['Chalk'],
  },
  {
    id: 'scarf',
    name: 'Cashmere Scarf',
    category: 'Accessories',
    description: 'Soft and warm.',
    colors: ['Camel', 'Grey'],
  },
];

describe('searchProducts', () => {
  it('ranks name matches above colour and description matches', () => {
    expect(searchProducts(catalogue, 'wool').map((p) => p.id)).toEqual(['coat', 'tee']);
  });

  it('needs every word and ignores case and accents', () => {
    expect(searchProducts(catalogue, 'CREME cotton').map((p) => p.id)).toEqual(['tee']);
    expect(searchProducts(catalogue, 'camel scarf').map((p) => p.id)).toEqual(['scarf']);
    expect(searchProducts(catalogue, 'silk')).toEqual([]);
  });

  it('returns the whole catalogue, in order, for a blank query', () => {
    expect(searchProducts(catalogue, '  ').map((p) => p.id)).toEqual(['coat', 'tee', 'scarf']);
  });
});
