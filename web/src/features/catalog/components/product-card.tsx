import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Price } from '../../../components/ui/price';
import { ProductImage } from './product-image';

/** The grid's columns (catalog.css .product-grid): two on a phone, 15rem or more from there. */
const PRODUCT_CARD_SIZES = '(max-width: 40rem) 50vw, (max-width: 64rem) 33vw, 20rem';

/** Cards in the first row are likely above the fold; the rest load lazily. */
const EAGER_IMAGES = 4;

export interface ProductCardProps {
  product: ProductDto;
  /** Position in the grid: decides eager loading and the staggered entrance. */
  index: number;
  /** A control over the image (the wishlist heart); outside the link, so it stays its own button. */
  action?: ReactNode;
  /** History state the link carries, e.g. the list to return to (`productLinkState`). */
  linkState?: unknown;
  /** @default 2 */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, index, action, linkState, headingLevel = 2 }: ProductCardProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="product-card" aria-labelledby={nameId} style={{ '--card-index': index } as CSSProperties}>
      {/* One link for the whole card: image (decorative, the name follows), name and price. */}
      <Link to={paths.product.getHref(product.id)} state={linkState} className="product-card-link">
        <div className="product-card-media">
          <ProductImage
            src={product.images[0]}
            alt=""
            sizes={PRODUCT_CARD_SIZES}
            loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
          />
        </div>
        <Heading id={nameId} className="product-card-name" lang={product.textLanguage.name}>
          {product.name}
        </Heading>
        <Price amount={product.price} className="product-card-price" />
        {/* After the price in reading order, drawn over the art's corner. */}
        {!product.inStock ? <span className="product-card-badge">{t('product.outOfStock')}</span> : null}
      </Link>
      {action ? <div className="product-card-action">{action}</div> : null}
    </article>
  );
}
