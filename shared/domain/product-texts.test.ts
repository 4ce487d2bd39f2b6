import { describe, expect, it } from 'vitest';
import { categoryName } from './category';
import { colorName, localiseProduct } from './product-texts';
import { sizeLabel } from './sizes';

const beanie = {
  name: 'Ribbed Merino Beanie',
  description: 'Knitted in Scotland.',
  category: 'Accessories',
  colors: ['Charcoal', 'Olive'],
  sizes: ['One Size'],
  translations: {
    de: { name: 'Gerippte Merino-Mütze', description: 'In Schottland gestrickt.', colors: { Charcoal: 'Anthrazit' } },
  },
};

describe('localiseProduct', () => {
  it('gives the German texts on a German page', () => {
    expect(localiseProduct(beanie, 'de')).toEqual({
      name: 'Gerippte Merino-Mütze',
      description: 'In Schottland gestrickt.',
      category: 'Accessoires',
      colorNames: { Charcoal: 'Anthrazit', Olive: 'Olive' },
      sizeLabels: { 'One Size': 'Einheitsgrösse' },
      textLanguage: { name: 'de', description: 'de' },
    });
  });

  it('falls back to English field by field, and says so', () => {
    const nameOnly = { ...beanie, translations: { de: { name: 'Mütze', description: '  ' } } };
    expect(localiseProduct(nameOnly, 'de')).toMatchObject({
      name: 'Mütze',
      description: 'Knitted in Scotland.',
      textLanguage: { name: 'de', description: 'en' },
    });
    const untranslated = { ...beanie, translations: undefined };
    expect(localiseProduct(untranslated, 'de')).toMatchObject({
      name: 'Ribbed Merino Beanie',
      colorNames: { Charcoal: 'Charcoal', Olive: 'Olive' },
      textLanguage: { name: 'en', description: 'en' },
    });
  });

  it('is the English product on an English page', () => {
    expect(localiseProduct(beanie, 'en')).toEqual({
      name: 'Ribbed Merino Beanie',
      description: 'Knitted in Scotland.',
      category: 'Accessories',
      colorNames: { Charcoal: 'Charcoal', Olive: 'Olive' },
      sizeLabels: { 'One Size': 'One Size' },
      textLanguage: { name: 'en', description: 'en' },
    });
  });
});

describe('colorName, sizeLabel and categoryName', () => {
  it('translate what has a translation and keep the rest', () => {
    expect(colorName(beanie, 'Charcoal', 'de')).toBe('Anthrazit');
    expect(colorName(beanie, 'Charcoal', 'en')).toBe('Charcoal');
    expect(sizeLabel('M', 'de')).toBe('M');
    expect(sizeLabel('One Size', 'en')).toBe('One Size');
    expect(categoryName('Bottoms', 'de')).toBe('Hosen');
    expect(categoryName('Knitwear', 'de')).toBe('Knitwear');
  });
});
