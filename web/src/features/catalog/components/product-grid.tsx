import type { ReactNode } from 'react';
import type { ProductDto } from '@linea/shared/contracts/products';
import { ProductCard } from './product-card';
import '../catalog.css';

export interface ProductGridProps {
  products: readonly ProductDto[];
  /** A per-card control, composed in by the route (e.g. the wishlist heart). */
  renderAction?: (product: ProductDto) => ReactNode;
  /** History state for every product link (see `ProductCardProps.linkState`). */
  linkState?: unknown;
  /** The level of the product names' headings: 3 where the grid sits under a section's h2. */
  headingLevel?: 2 | 3;
}

export function ProductGrid({ products, renderAction, linkState, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            index={index}
            action={renderAction?.(product)}
            linkState={linkState}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
