import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../testing/fixtures';
import { productJsonLd, summarise } from './product-json-ld';

describe('productJsonLd', () => {
  it('describes a product with absolute images, the brand and a CHF offer priced as a decimal string', () => {
    const product = productFixture({ id: 'tee', name: 'Tee', price: 4900, images: ['/images/products/tee-1.svg'] });
    expect(productJsonLd(product, { origin: 'https://linea.ch', brand: 'LINEA' })).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Tee',
      image: ['https://linea.ch/images/products/tee-1.svg'],
      sku: 'tee',
      brand: { '@type': 'Brand', name: 'LINEA' },
      offers: {
        '@type': 'Offer',
        price: '49.00',
        priceCurrency: 'CHF',
        availability: 'https://schema.org/InStock',
        url: 'https://linea.ch/product/tee',
      },
    });
  });

  it('says OutOfStock for a sold-out product', () => {
    const product = productFixture({ inStock: false, stockQuantity: 0 });
    expect(productJsonLd(product, { origin: 'https://linea.ch', brand: 'LINEA' }).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });
});

describe('summarise', () => {
  it('keeps short text and cuts long text at a word', () => {
    expect(summarise('A  short\ntext.')).toBe('A short text.');
    const long = 'word '.repeat(50);
    const cut = summarise(long, 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toBe('word word word…');
  });
});
