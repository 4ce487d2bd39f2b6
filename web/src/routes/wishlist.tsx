import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../components/ui/use-document-title';

/** The wishlist's empty state; the storefront issue lists the saved products (GET /wishlist). */
export function WishlistRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wishlist.title'));
  return (
    <div className="page">
      <h1>{t('wishlist.title')}</h1>
      <div className="empty-state">
        <Heart aria-hidden="true" size={40} strokeWidth={1.25} />
        <h2>{t('wishlist.empty')}</h2>
        <p className="muted">{t('wishlist.emptyHint')}</p>
        <Link to={paths.products.getHref()} className="button button-primary">
          {t('wishlist.browse')}
        </Link>
      </div>
    </div>
  );
}
