import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { useSignInRequiredToast } from '../hooks/use-sign-in-required-toast';
import { useToggleWishlist } from '../hooks/use-toggle-wishlist';
import { useWishlist } from '../hooks/use-wishlist';
import '../wishlist.css';

export interface WishlistButtonProps {
  product: ProductDto;
  /** 'overlay' sits on product art; 'outline' stands beside a button. @default 'overlay' */
  variant?: 'overlay' | 'outline';
}

/** The heart: a toggle button, pressed when the product is saved. Signed out, it asks to sign in. */
export function WishlistButton({ product, variant = 'overlay' }: WishlistButtonProps) {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const signInRequired = useSignInRequiredToast();
  const pendingHere = toggle.isPending && toggle.variables?.product.id === product.id;
  const saved = wishlist.signedIn && (pendingHere ? toggle.variables.save : wishlist.has(product.id));

  function handleClick() {
    if (!wishlist.signedIn) {
      signInRequired();
      return;
    }
    if (pendingHere) return;
    toggle.mutate({ product, save: !saved });
  }

  return (
    <button
      type="button"
      className={`wishlist-button wishlist-button-${variant}`}
      aria-pressed={saved}
      aria-label={saved ? t('wishlist.remove') : t('wishlist.add')}
      onClick={handleClick}
    >
      <Heart aria-hidden="true" size={18} strokeWidth={1.5} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
