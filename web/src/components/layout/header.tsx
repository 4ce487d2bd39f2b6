import { Heart, ShoppingBag, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { selectIsSignedIn, useSessionStore } from '../../stores/session-store';
import { LanguageSwitcher } from './language-switcher';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

export function Header() {
  const { t } = useTranslation();
  const signedIn = useSessionStore(selectIsSignedIn);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={paths.home.getHref()} className="wordmark" aria-label={t('nav.homeLabel')}>
          {t('brand.name')}
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="main-nav">
          <ul>
            <li>
              <NavLink to={paths.products.getHref()} className={navClass}>
                {t('nav.products')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about.getHref()} className={navClass}>
                {t('nav.about')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact.getHref()} className={navClass}>
                {t('nav.contact')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.wishlist.getHref()} className={navClass}>
                <Heart aria-hidden="true" size={18} />
                <span>{t('nav.wishlist')}</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.cart.getHref()} className={navClass}>
                <ShoppingBag aria-hidden="true" size={18} />
                <span>{t('nav.cart')}</span>
              </NavLink>
            </li>
            <li>
              {signedIn ? (
                <NavLink to={paths.dashboard.getHref()} className={navClass}>
                  <User aria-hidden="true" size={18} />
                  <span>{t('nav.account')}</span>
                </NavLink>
              ) : (
                <NavLink to={paths.auth.getHref()} className={navClass}>
                  <User aria-hidden="true" size={18} />
                  <span>{t('nav.signIn')}</span>
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
