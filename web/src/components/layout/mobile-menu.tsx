import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router-dom';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

/** A link to the page already shown may not navigate at all: its heading is focused after this. */
const SAME_PAGE_MS = 300;
/** A page whose heading waits for data gets this long; then focus stays where the shell put it. */
const GIVE_UP_MS = 5_000;

/**
 * Focuses a heading that is not focusable by itself (tabindex -1 only while it has focus). A
 * scripted focus shows no ring, as the shell's focus on <main> shows none; keyboard focus
 * styles everywhere else stay as they are. (`focusVisible` is not in TypeScript's DOM types yet.)
 */
function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
  }
  heading.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
}

/**
 * Waits, frame by frame, for the main heading of the page that is now shown and focuses it,
 * unless the shopper has put focus somewhere themselves meanwhile. Returns a cancel function.
 */
function focusMainHeadingWhenShown(arrived: boolean, done: () => void): () => void {
  const started = performance.now();
  const attempt = () => {
    const waited = performance.now() - started;
    const main = document.querySelector('main');
    // Still in the closing sheet, on <body> once it is gone, or on <main> from the shell: ours to move.
    const active = document.activeElement;
    if (active && active !== document.body && active !== main && !active.closest('[role="dialog"]')) return done();
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading && (arrived || waited >= SAME_PAGE_MS)) {
      done();
      focusHeading(heading);
    } else if (waited >= GIVE_UP_MS) done();
    else frame = requestAnimationFrame(attempt);
  };
  let frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * The header's menu button below the desktop breakpoint. The sheet and its dialog library load
 * on first use (started already when the button is hovered, touched or focused), so they stay
 * out of every visit's start-up download. After following one of its links, focus lands on
 * the new page's main heading, so keyboard and screen-reader users start where the page does.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname, search, key } = useLocation();
  const navigating = useNavigation().state !== 'idle';
  // The location a sheet link was followed from, until the next page's heading has focus.
  const headingFocusFrom = useRef<string | null>(null);

  // Back/forward while the sheet is open lands on another page: close it there too.
  useEffect(() => setOpen(false), [pathname, search]);

  // Once the sheet is closed and the page has arrived; after the shell's own focus on <main>,
  // which runs in this same commit (a parent's effects run after its children's).
  useEffect(() => {
    const from = headingFocusFrom.current;
    if (from === null || open || navigating) return;
    return focusMainHeadingWhenShown(key !== from, () => {
      headingFocusFrom.current = null;
    });
  }, [open, navigating, key]);

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
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            onFollowLink={() => {
              headingFocusFrom.current = key;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
