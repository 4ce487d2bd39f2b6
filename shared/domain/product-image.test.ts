import { describe, expect, it } from 'vitest';
import { imageForColor, mediaImageKey, mediaImageUrl, responsiveImage, thumbnailImage } from './product-image';

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

describe('uploaded images', () => {
  const id = '0b7e7a52-55c1-4d5e-9a43-2f0a3b1c9d10';

  it("stores the widest variant, on the site's own origin", () => {
    expect(mediaImageUrl(id)).toBe(`/media/images/${id}-1280.webp`);
    expect(mediaImageKey(id, 320)).toBe(`media/images/${id}-320.webp`);
  });

  it('offers every width to the browser', () => {
    expect(responsiveImage(mediaImageUrl(id))).toEqual({
      src: `/media/images/${id}-1280.webp`,
      srcSet: [320, 640, 960, 1280].map((w) => `/media/images/${id}-${w}.webp ${w}w`).join(', '),
    });
    expect(thumbnailImage(mediaImageUrl(id))).toBe(`/media/images/${id}-320.webp`);
  });

  it('leaves any other image as it is', () => {
    expect(responsiveImage('/images/products/tee-1.svg')).toEqual({ src: '/images/products/tee-1.svg' });
    expect(responsiveImage('https://cdn.example.com/media/images/x-320.webp')).toEqual({
      src: 'https://cdn.example.com/media/images/x-320.webp',
    });
    expect(thumbnailImage('/images/products/tee-1.svg')).toBe('/images/products/tee-1.svg');
  });
});
