import type { ReactNode } from 'react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '@linea/shared/contracts/products';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../config/paths';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useWishlist } from '../hooks/use-wishlist';
import '../wishlist.css';

export interface WishlistViewProps {
  /** Draws the saved products (the route passes the catalogue's grid). */
  renderProducts: (products: readonly ProductDto[]) => ReactNode;
}

function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <div className="empty-state wishlist-empty">
      <Heart aria-hidden="true" size={40} strokeWidth={1.25} />
      <h2>{t('wishlist.signInHeading')}</h2>
      <p className="muted">{t('wishlist.signInHint')}</p>
      <div className="actions">
        <Link to={paths.auth.getHref()} className="button button-primary">
          {t('wishlist.signIn')}
        </Link>
        <Link to={paths.products.getHref()} className="button button-secondary">
          {t('wishlist.browse')}
        </Link>
      </div>
    </div>
  );
}

/** /wishlist body: a sign-in prompt, the saved products, or the spec's empty state. */
export function WishlistView({ renderProducts }: WishlistViewProps) {
  const { t } = useTranslation();
  const { signedIn, query } = useWishlist();

  if (!signedIn || (isApiError(query.error) && query.error.code === 'UNAUTHENTICATED')) return <SignInPrompt />;
  if (query.isPending) return <StatusMessage>{t('wishlist.loading')}</StatusMessage>;
  if (query.isError) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <div className="empty-state wishlist-empty">
        <Heart aria-hidden="true" size={40} strokeWidth={1.25} />
        <h2>{t('wishlist.empty')}</h2>
        <p className="muted">{t('wishlist.emptyHint')}</p>
        <Link to={paths.products.getHref()} className="button button-primary">
          {t('wishlist.browse')}
        </Link>
      </div>
    );
  }
  return (
    <div className="wishlist-list">
      {renderProducts(query.data.items)}
      <p className="wishlist-more">
        <Link to={paths.products.getHref()} className="button button-secondary">
          {t('wishlist.continueShopping')}
        </Link>
      </p>
    </div>
  );
}
