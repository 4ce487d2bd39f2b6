import { describe, expect, it } from 'vitest';
import type { ProductTextSource } from './product-texts';
import { normaliseForSearch, searchProducts } from './search';

const catalogue: (ProductTextSource & { id: string })[] = [
  {
    id: 'coat',
    name: 'Wool Overcoat',
    category: 'Outerwear',
    description: 'Double-faced wool.',
    colors: ['Camel'],
    sizes: ['S', 'M'],
    translations: { de: { name: 'Wollmantel', description: 'Doppelseitige Wolle.', colors: { Camel: 'Camel' } } },
  },
  {
    id: 'tee',
    name: 'Essential Tee',
    category: 'Basics',
    description: 'Crème organic cotton, a wool-free tee.',
    colors: ['Chalk'],
    sizes: ['S', 'M'],
    translations: { de: { name: 'T-Shirt', description: 'Bio-Baumwolle in Crème.', colors: { Chalk: 'Kreideweiss' } } },
  },
  {
    id: 'scarf',
    name: 'Cashmere Scarf',
    category: 'Accessories',
    description: 'Soft and warm.',
    colors: ['Camel', 'Grey'],
    sizes: ['One Size'],
  },
  {
    id: 'trousers',
    name: 'Pleated Trousers',
    category: 'Bottoms',
    description: 'A high rise.',
    colors: ['Black'],
    sizes: ['S'],
    translations: { de: { name: 'Bundfaltenhose', description: 'Hoher Bund, weiss gesäumt. Grösse wie gewohnt.' } },
  },
];

const ids = (query: string) => searchProducts(catalogue, query).map((p) => p.id);

describe('normaliseForSearch', () => {
  it('ignores case and accents', () => {
    expect(normaliseForSearch('CRÈME Brûlée')).toBe(normaliseForSearch('creme brulee'));
  });

  it('reads every way of typing an umlaut and ß alike', () => {
    const forms = ['Grösse', 'Groesse', 'Grosse', 'GRÖSSE', 'Größe', 'GROESSE'];
    expect(new Set(forms.map(normaliseForSearch))).toEqual(new Set(['grosse']));
    expect(normaliseForSearch('Gürtel')).toBe(normaliseForSearch('Guertel'));
    expect(normaliseForSearch('Mütze')).toBe(normaliseForSearch('Muetze'));
    expect(normaliseForSearch('Ärmel')).toBe(normaliseForSearch('Aermel'));
    expect(normaliseForSearch('weiß')).toBe(normaliseForSearch('weiss'));
  });
});

describe('searchProducts', () => {
  it('ranks name matches above colour and description matches', () => {
    expect(ids('wool')).toEqual(['coat', 'tee']);
  });

  it('needs every word and ignores case and accents', () => {
    expect(ids('CREME cotton')).toEqual(['tee']);
    expect(ids('camel scarf')).toEqual(['scarf']);
    expect(ids('silk')).toEqual([]);
  });

  it('finds German names, colours and categories, whatever language the page is in', () => {
    expect(ids('hose')).toEqual(['trousers']);
    expect(ids('Mantel')).toEqual(['coat']);
    expect(ids('kreideweiss')).toEqual(['tee']);
    expect(ids('oberbekleidung')).toEqual(['coat']);
    expect(ids('Accessoires')).toEqual(['scarf']);
  });

  it('finds umlauts however they are typed', () => {
    // The scarf's size label is a facet, the trousers' mention a description: facets rank higher.
    expect(ids('Groesse')).toEqual(['scarf', 'trousers']);
    expect(ids('grösse')).toEqual(ids('Grosse'));
    expect(ids('gesaeumt')).toEqual(['trousers']);
  });

  it('finds a German size label ("Einheitsgrösse") and an English one ("one size")', () => {
    expect(ids('einheitsgroesse')).toEqual(['scarf']);
    expect(ids('one size')).toEqual(['scarf']);
  });

  it('returns the whole catalogue, in order, for a blank query', () => {
    expect(ids('  ')).toEqual(['coat', 'tee', 'scarf', 'trousers']);
  });
});
