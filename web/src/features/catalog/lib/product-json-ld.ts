import type { ProductDto } from '@linea/shared/contracts/products';
import { CURRENCY } from '@linea/shared/domain/money';
import { paths } from '../../../config/paths';

/**
 * schema.org Product with one Offer, for rich results. Google wants absolute image and offer
 * URLs and the price as a decimal string ("49.00"), not our integer Rappen.
 */
export function productJsonLd(product: ProductDto, { origin, brand }: { origin: string; brand: string }) {
  const url = new URL(paths.product.getHref(product.id), origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.images.map((image) => new URL(image, origin).href),
    sku: product.id,
    productID: product.id,
    category: product.category,
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      price: (product.price / 100).toFixed(2),
      priceCurrency: CURRENCY,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
    },
  };
}

/** A meta description from product copy: search results cut at about 160 characters anyway. */
export function summarise(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || cut.length)}…`;
}
