import { describe, expect, it } from 'vitest';
import { categoryId, distinctCategories } from './category';

describe('categoryId', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(categoryId('Basics')).toBe('basics');
    expect(categoryId('Knit  Wear ')).toBe('knit-wear');
  });
});

describe('distinctCategories', () => {
  it('lists each category id once, in first-seen order', () => {
    expect(distinctCategories([{ category: 'Outerwear' }, { category: 'Basics' }, { category: 'outerwear' }])).toEqual([
      'outerwear',
      'basics',
    ]);
  });
});
