import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { ToastOutlet } from '../ui/toast-outlet';
import { Footer } from './footer';
import { HandedOverPart } from './handed-over-part';
import { Header } from './header';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Moves focus to <main> when the page (path) changes, as a full page load would reset it, so
 * keyboard and screen-reader users start at the new content. Not on the first render.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

export interface ShellProps {
  children?: ReactNode;
  /** The footer's newsletter signup, composed in by the app (components do not import features). */
  footerNewsletter?: ReactNode;
  /**
   * What floats over every page, after the footer in reading order: the shop assistant.
   * @default - nothing
   */
  floating?: ReactNode;
}

/** The storefront frame: skip link, header, main landmark, footer, floating widgets, toasts. */
export function Shell({ children, footerNewsletter, floating }: ShellProps) {
  const { t } = useTranslation();
  const mainRef = useFocusMainOnNavigation();
  // While the next page's code or data loads, the current page stays and is marked busy.
  const loading = useNavigation().state === 'loading';
  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <HandedOverPart>
        <Header />
      </HandedOverPart>
      <main
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        tabIndex={-1}
        className="container main"
        aria-busy={loading || undefined}
      >
        <HandedOverPart>{children ?? <Outlet />}</HandedOverPart>
      </main>
      <HandedOverPart>
        <Footer newsletter={footerNewsletter} />
      </HandedOverPart>
      {floating}
      <ToastOutlet />
      <ScrollRestoration />
    </div>
  );
}
