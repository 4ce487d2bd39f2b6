import { describe, expect, it } from 'vitest';
import { categoryId, categoryName, distinctCategories } from './category';

describe('categoryId', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(categoryId('Basics')).toBe('basics');
    expect(categoryId('Knit  Wear ')).toBe('knit-wear');
  });
});

describe('distinctCategories', () => {
  it('lists each category id once, in first-seen order', () => {
    expect(
      distinctCategories([{ categoryId: 'outerwear' }, { categoryId: 'basics' }, { categoryId: 'outerwear' }]),
    ).toEqual(['outerwear', 'basics']);
  });
});

describe('categoryName', () => {
  it('names a category by what it holds in each language', () => {
    expect(categoryName('Bottoms', 'de')).toBe('Hosen');
    expect(categoryName('Outerwear', 'de')).toBe('Oberbekleidung');
    expect(categoryName('Accessories', 'en')).toBe('Accessories');
  });

  it("keeps the product's own name for a category the shop does not know", () => {
    expect(categoryName('Knitwear', 'de')).toBe('Knitwear');
  });
});
