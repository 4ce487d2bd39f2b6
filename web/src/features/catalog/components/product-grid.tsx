import type { ReactNode } from 'react';
import type { ProductDto } from '@linea/shared/contracts/products';
import { ProductCard } from './product-card';
import '../catalog.css';

export interface ProductGridProps {
  products: readonly ProductDto[];
  /** A per-card control, composed in by the route (e.g. the wishlist heart). */
  renderAction?: (product: ProductDto) => ReactNode;
}

export function ProductGrid({ products, renderAction }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} action={renderAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}
