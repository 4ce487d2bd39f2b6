import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Wordmark } from '../ui/wordmark';
import { AccountLink, CartLink, WishlistLink } from './header-links';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { ThemeToggle } from './theme-toggle';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

/**
 * The storefront header: the pages on the start side, the wordmark in the middle, search,
 * language, theme, wishlist, account and cart on the end side. Below the desktop breakpoint
 * (CSS) the pages, search and settings move into the mobile menu; the cart stays in view.
 */
export function Header() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <div className="header-start">
          <MobileMenu />
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
            </ul>
          </nav>
        </div>
        <Link to={paths.home.getHref()} className="header-brand" aria-label={t('nav.homeLabel')}>
          <Wordmark />
        </Link>
        <div className="header-end">
          <SearchForm className="header-search desktop-only" />
          <LanguageSwitcher className="desktop-only" />
          <ThemeToggle className="desktop-only" />
          <ul className="header-utilities">
            <li className="desktop-only">
              <WishlistLink />
            </li>
            <li className="desktop-only">
              <AccountLink />
            </li>
            <li>
              <CartLink />
            </li>
          </ul>
        </div>
      </div>
    </header>
  );
}
