import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { usePageMeta } from '../components/ui/use-page-meta';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';
import { WishlistView } from '../features/wishlist/components/wishlist-view';

const wishlistHeart = (product: ProductDto) => <WishlistButton product={product} />;

/** /wishlist: the signed-in shopper's saved products; signed out, a way to sign in. */
export function WishlistRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('wishlist.title'), description: t('wishlist.metaDescription') });
  return (
    <div className="page">
      <h1>{t('wishlist.title')}</h1>
      <WishlistView renderProducts={(products) => <ProductGrid products={products} renderAction={wishlistHeart} />} />
    </div>
  );
}
