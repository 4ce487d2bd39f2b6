import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../components/ui/use-page-meta';
import { CartView } from '../features/cart/components/cart-view';

/** /cart: the shopper's lines, re-checked against the catalogue, and the order summary. */
export function CartRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('cart.title'), description: t('cart.metaDescription') });
  return (
    <div className="page cart-page">
      <h1>{t('cart.title')}</h1>
      <CartView />
    </div>
  );
}
