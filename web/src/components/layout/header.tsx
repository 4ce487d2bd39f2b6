import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Wordmark } from '../ui/wordmark';
import { AccountLink, CartLink, WishlistLink } from './header-links';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { ThemeToggle } from './theme-toggle';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

/**
 * Where the header is too narrow for a search field beside the tools (CSS decides where), a
 * button opens the field in a row of its own under the header's row, pushing the page down
 * rather than covering it. Escape closes it and returns to the button; so does a search.
 */
function useSearchDisclosure() {
  const [open, setOpen] = useState(false);
  // The button that opened the field: on a phone the one beside the menu, else the one in the tools.
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);

  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    openerRef.current = event.currentTarget;
    setOpen((current) => !current);
  };
  return { open, panelId, toggle, close, onKeyDown };
}

/** Opens and closes the search row; CSS shows one of the header's two at a time. */
function SearchToggle({ className, search }: { className: string; search: ReturnType<typeof useSearchDisclosure> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`header-icon ${className}`}
      aria-label={t('header.searchToggle')}
      aria-expanded={search.open}
      aria-controls={search.open ? search.panelId : undefined}
      onClick={search.toggle}
    >
      {search.open ? (
        <X aria-hidden="true" size={20} strokeWidth={1.25} />
      ) : (
        <Search aria-hidden="true" size={20} strokeWidth={1.25} />
      )}
    </button>
  );
}

/**
 * The storefront header: the pages on the start side, the wordmark centred, search, language,
 * theme, wishlist, account and cart on the end side. The three columns share the width (the side
 * ones equally, so the wordmark stays centred) and never overlap; what does not fit at a width
 * gives way in CSS: below the desktop breakpoint the pages, search and settings move into the
 * mobile menu (the cart stays in view), and between it and the wide breakpoint the search field
 * folds into a button.
 */
export function Header() {
  const { t } = useTranslation();
  const search = useSearchDisclosure();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <div className="header-start">
          <MobileMenu />
          <SearchToggle className="search-toggle-start" search={search} />
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
          <SearchForm className="header-search" />
          <SearchToggle className="search-toggle" search={search} />
          <LanguageSwitcher className="header-tool" />
          <ThemeToggle className="header-tool" />
          <ul className="header-utilities">
            <li className="header-tool">
              <WishlistLink />
            </li>
            <li className="header-tool">
              <AccountLink />
            </li>
            <li>
              <CartLink />
            </li>
          </ul>
        </div>
        {search.open ? (
          <div id={search.panelId} className="header-search-panel" onKeyDown={search.onKeyDown}>
            <SearchForm autoFocus onSearch={search.close} />
          </div>
        ) : null}
      </div>
    </header>
  );
}
