import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

/**
 * The header's menu button below the desktop breakpoint. The sheet and its dialog library load
 * on first use (started already when the button is hovered, touched or focused), so they stay
 * out of every visit's start-up download.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  // Back/forward while the sheet is open lands on another page: close it there too.
  useEffect(() => setOpen(false), [pathname, search]);

  const preload = () => void loadSheet();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="header-icon menu-button"
        aria-label={t('header.menuOpen')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" size={22} strokeWidth={1.25} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
