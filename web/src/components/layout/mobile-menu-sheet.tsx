import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Dialog, DialogContent } from '../ui/dialog';
import { Wordmark } from '../ui/wordmark';
import { AccountLink, CartLink, WishlistLink } from './header-links';
import { LanguageSwitcher } from './language-switcher';
import { SearchForm } from './search-form';
import { SHOP_CATEGORIES } from './shop-categories';
import { ThemeChoice } from './theme-choice';

export interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, where focus returns when the sheet is dismissed. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** A link (or the search) in the sheet was followed: close, and focus goes to the new page. */
  onFollowLink: () => void;
}

/**
 * The mobile menu's sheet from the start edge (Radix Dialog: focus is trapped inside, Escape and
 * the overlay close it, the page behind is inert): search, the pages, categories, wishlist,
 * account, cart, language and theme. Following a link closes it.
 */
export function MobileMenuSheet({ open, onOpenChange, triggerRef, onFollowLink }: MobileMenuSheetProps) {
  const { t } = useTranslation();
  const followedLink = useRef(false);
  useEffect(() => {
    if (open) followedLink.current = false;
  }, [open]);
  const close = () => {
    followedLink.current = true;
    onFollowLink();
  };
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'sheet-link active' : 'sheet-link');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sheet-start"
        title={t('header.menuTitle')}
        hideTitle
        headerStart={
          <Link to={paths.home.getHref()} className="sheet-brand" aria-label={t('nav.homeLabel')} onClick={close}>
            <Wordmark />
          </Link>
        }
        closeLabel={t('header.menuClose')}
        className="mobile-menu"
        // The button is not a Radix Trigger (it exists before this code loads): return focus to it
        // when the sheet is dismissed; after a link, the new page's heading takes it instead.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!followedLink.current) triggerRef.current?.focus();
        }}
      >
        <SearchForm className="sheet-search" onSearch={close} />
        <nav aria-label={t('nav.mainLabel')} className="sheet-nav">
          <ul>
            <li>
              <NavLink to={paths.products.getHref()} end className={navClass} onClick={close}>
                {t('nav.products')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about.getHref()} className={navClass} onClick={close}>
                {t('nav.about')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact.getHref()} className={navClass} onClick={close}>
                {t('nav.contact')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <section className="sheet-section" aria-labelledby="sheet-categories">
          <h2 id="sheet-categories" className="eyebrow">
            {t('header.shopByCategory')}
          </h2>
          <ul className="sheet-categories">
            {SHOP_CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={paths.products.getHref(category)} onClick={close}>
                  {t(`categories.${category}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <ul className="sheet-utilities">
          <li>
            <WishlistLink onNavigate={close} />
          </li>
          <li>
            <AccountLink onNavigate={close} />
          </li>
          <li>
            <CartLink onNavigate={close} />
          </li>
        </ul>
        <section className="sheet-section sheet-preferences" aria-labelledby="sheet-preferences">
          <h2 id="sheet-preferences" className="eyebrow">
            {t('header.preferences')}
          </h2>
          <LanguageSwitcher variant="full" />
          <ThemeChoice />
        </section>
      </DialogContent>
    </Dialog>
  );
}
