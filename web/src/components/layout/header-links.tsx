import { Heart, ShoppingBag, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { selectTotalItems, useCartStore } from '../../stores/cart-store';
import { selectIsSignedIn, useSessionStore } from '../../stores/session-store';

const ICON = { size: 20, strokeWidth: 1.25, 'aria-hidden': true } as const;

export interface HeaderLinkProps {
  className?: string;
  /** Called on activation, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

const linkClass =
  (...extra: (string | undefined)[]) =>
  ({ isActive }: { isActive: boolean }) =>
    ['utility-link', isActive ? 'active' : undefined, ...extra].filter(Boolean).join(' ');

/*
 * The labels are visually hidden in the header, which shows icons (CSS), and shown in the mobile
 * menu; never removed: they are the links' accessible names everywhere.
 */

export function WishlistLink({ className, onNavigate }: HeaderLinkProps) {
  const { t } = useTranslation();
  return (
    <NavLink to={paths.wishlist.getHref()} className={linkClass(className)} onClick={onNavigate}>
      <Heart {...ICON} />
      <span className="utility-label">{t('nav.wishlist')}</span>
    </NavLink>
  );
}

/** "Account" (to /dashboard) with a session, "Sign In" (to /auth) without. */
export function AccountLink({ className, onNavigate }: HeaderLinkProps) {
  const { t } = useTranslation();
  const signedIn = useSessionStore(selectIsSignedIn);
  return (
    <NavLink
      to={signedIn ? paths.dashboard.getHref() : paths.auth.getHref()}
      className={linkClass(className)}
      onClick={onNavigate}
    >
      <User {...ICON} />
      <span className="utility-label">{signedIn ? t('nav.account') : t('nav.signIn')}</span>
    </NavLink>
  );
}

/** The cart with its item count; the name says the count in words ("Cart, 2 items"). */
export function CartLink({ className, onNavigate }: HeaderLinkProps) {
  const { t } = useTranslation();
  const count = useCartStore(selectTotalItems);
  return (
    <NavLink
      to={paths.cart.getHref()}
      className={linkClass('cart-link', className)}
      aria-label={t('header.cartLabel', { count })}
      onClick={onNavigate}
    >
      <ShoppingBag {...ICON} />
      <span className="utility-label" aria-hidden="true">
        {t('nav.cart')}
      </span>{' '}
      {/* The space keeps the visible text "Cart 2", which the name "Cart, 2 items" contains. */}
      <span className="cart-count" aria-hidden="true" data-empty={count === 0 || undefined}>
        {count}
      </span>
    </NavLink>
  );
}
