import type { ProductDto } from '@linea/shared/contracts/products';
import { ProductCard } from './product-card';

export function ProductGrid({ products }: { products: readonly ProductDto[] }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} />
        </li>
      ))}
    </ul>
  );
}
