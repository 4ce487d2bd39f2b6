import type { ProductDto } from '@linea/shared/contracts/products';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Price } from '../../../components/ui/price';
import { ProductImage } from './product-image';

/** Cards in the first row are likely above the fold; the rest load lazily. */
const EAGER_IMAGES = 4;

export function ProductCard({ product, index }: { product: ProductDto; index: number }) {
  return (
    <article className="product-card">
      {/* The link is named by the product name alone; the image repeats it, so its alt is empty. */}
      <Link to={paths.product.getHref(product.id)} className="product-card-link">
        <ProductImage
          src={product.images[0]}
          alt=""
          loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
        <h2 className="product-card-name">{product.name}</h2>
      </Link>
      <p className="product-card-price">
        <Price amount={product.price} />
      </p>
    </article>
  );
}
