import { describe, expect, it } from 'vitest';
import { imageForColor } from './product-image';

const tee = { colors: ['Chalk', 'Black', 'Stone'], images: ['/tee-1.svg', '/tee-2.svg', '/tee-3.svg'] };

describe('imageForColor', () => {
  it('picks the image of the chosen colour when there is one image per colour', () => {
    expect(imageForColor(tee, 'Black')).toBe('/tee-2.svg');
    expect(imageForColor(tee, 'Stone')).toBe('/tee-3.svg');
  });

  it('falls back on the first image for an unknown colour or when images are not per colour', () => {
    expect(imageForColor(tee, 'Navy')).toBe('/tee-1.svg');
    expect(imageForColor({ colors: ['Black', 'Chalk'], images: ['/a.svg', '/b.svg', '/c.svg'] }, 'Chalk')).toBe(
      '/a.svg',
    );
  });

  it('gives an empty path for a product without images', () => {
    expect(imageForColor({ colors: ['Black'], images: [] }, 'Black')).toBe('');
  });
});
