import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { preloadThemeMenu } from '../components/layout/theme-toggle';
import { loadRuntimeConfig } from '../config/runtime-config';
import { currentLocale, initI18n, pageLocale, preferredLocale, setLocale } from '../i18n/i18n';
import { whenSavedCartRead } from '../stores/cart-store';
import { provideAmplifyAuth } from '../lib/auth/session';
import { useSessionStore } from '../stores/session-store';
import { App } from './app';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router-dom';
import { createQueryClient, RENDERED_PATH_ATTRIBUTE, restoreQueryState } from './query-client';
import { createHydratingRouter, createRouter, createRoutes, preloadRouteModules } from './router';
import { holdEarlyInput, type HeldEarlyInput } from './early-input';
import { StartupError } from './startup-error';

/** How a part of a prerendered page that React had to render again is reported (console.error). */
export const HYDRATION_MISMATCH = 'Hydration mismatch: part of the prerendered page was rendered again';

/**
 * Starts the app in `container` (#root). The page language's texts are loaded first (a chunk the
 * host's page preloads). The runtime config (embedded in the page by its host) is validated with
 * its schema, a chunk of its own, and an invalid one puts the start-up error screen in the app's
 * place; nothing that uses the config (the API client, Amplify, the session hint) goes ahead
 * before it is valid. Amplify is configured on its first use, not here (see lib/auth/session.ts).
 *
 * An empty #root (a page the host does not prerender) is rendered from what the browser has,
 * once the config is valid: the preferred language, the session hint, the stored cart, theme
 * and choices.
 *
 * A page rendered on the server (server/render.tsx) is taken over as it is (hydrated): its first
 * render must be the server's, so it is made in the page's language, from the query cache the
 * page carries, with the page's route modules loaded, and signed out with an empty cart and the
 * default theme icon (the stores' hooks show the server's state while hydrating). What only the
 * browser knows follows right after: the session (once the config is valid), the stored cart
 * (once read) and theme, and the visitor's language where it differs from the page's (a choice
 * stored before the host could know it).
 */
/** How long the page's main image may hold the app back before it takes the page over anyway. */
const MAIN_IMAGE_WAIT_MS = 3000;

/**
 * Resolves once the page's main image (the one it is judged by, `fetchpriority="high"`) has
 * loaded and had a frame to be painted in: hydrating the page is one long task, and run first it
 * would hold that paint back. Its code and data load meanwhile; a failed or slow image waits no
 * longer than MAIN_IMAGE_WAIT_MS.
 */
async function mainImagePainted(container: HTMLElement): Promise<void> {
  const pending = [...container.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    // One the browser is loading (a document that loads no images, as jsdom, has no currentSrc).
    (image) => !image.complete && image.currentSrc !== '',
  );
  if (pending.length === 0) return;
  const loaded = pending.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  await Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, MAIN_IMAGE_WAIT_MS))]);
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Whether the markup in #root was rendered for the route the app finds at this address. */
function renderedForThisRoute(container: HTMLElement): boolean {
  const renderedPath = container.getAttribute(RENDERED_PATH_ATTRIBUTE);
  if (renderedPath === null || renderedPath === window.location.pathname) return true;
  const routes = createRoutes(new QueryClient());
  const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
  return leaf(renderedPath) === leaf(window.location.pathname);
}

export interface StartOptions {
  /** What the page's entry has held of the shopper's input since the page showed (main.tsx). */
  readonly earlyInput?: HeldEarlyInput;
}

export async function startApp(container: HTMLElement, options: StartOptions = {}): Promise<Root> {
  // The session's Amplify, loaded on its first use: named here, in the browser's code only.
  provideAmplifyAuth(() => import('../lib/auth/amplify-auth'));
  const serverRendered = container.firstElementChild !== null && renderedForThisRoute(container);
  const earlyInput = serverRendered ? (options.earlyInput ?? holdEarlyInput(container)) : undefined;
  // Input on a page the app draws anew was done on markup it replaces.
  if (!serverRendered) options.earlyInput?.discard();
  const preferred = preferredLocale();
  // Loaded alongside the page's route modules below: both are needed before the first render.
  const texts = initI18n(serverRendered ? (pageLocale() ?? preferred) : preferred);

  const queryClient = createQueryClient();
  if (!serverRendered) {
    const routes = createRoutes(queryClient);
    preloadRouteModules(routes, window.location);
    // The route guards read the session, whose hint needs the valid config: known before the first render.
    const [, check] = await Promise.all([texts, checkRuntimeConfig(), whenSavedCartRead()]);
    const root = createRoot(container);
    if (!check.valid) {
      root.render(<StartupError error={check.error} />);
      return root;
    }
    useSessionStore.getState().init();
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={createRouter(queryClient, routes)} />
      </StrictMode>,
    );
    return root;
  }

  restoreQueryState(queryClient);
  // A query the page shows as failed (an unknown product) would be asked again on mount, and
  // shown as loading meanwhile; it stays failed until it is asked again (navigating back to it).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
  const [router] = await Promise.all([
    createHydratingRouter(queryClient),
    preloadThemeMenu(),
    texts,
    mainImagePainted(container),
  ]);

  const afterHydration = () => {
    queryClient.setDefaultOptions(defaults);
    if (preferred !== currentLocale()) void setLocale(preferred);
    // Checked now, not before: the page's first render needs nothing of it. What the shopper did
    // while the page was being taken over is handed to the app once it knows the session and has
    // rendered with it (a task later): a heart pressed early is a signed-in shopper's.
    void checkRuntimeConfig().then((check) => {
      if (!check.valid) {
        earlyInput?.discard();
        root.render(<StartupError error={check.error} />);
        return;
      }
      useSessionStore.getState().init();
      setTimeout(() => earlyInput?.release(), 0);
    });
  };
  const root: Root = hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} router={router} onHandedOver={afterHydration} />
    </StrictMode>,
    {
      // React renders a part again in the browser when it does not match the server's HTML; it
      // still works, but the page was not what the server sent. Said plainly, for the browser tests.
      onRecoverableError: (error) => console.error(HYDRATION_MISMATCH, error),
    },
  );
  return root;
}

type ConfigCheck = { readonly valid: true } | { readonly valid: false; readonly error: unknown };

/** Whether the page's runtime config is valid; a failure is handled by the caller, never left unhandled. */
function checkRuntimeConfig(): Promise<ConfigCheck> {
  return loadRuntimeConfig().then(
    () => ({ valid: true }),
    (error: unknown) => ({ valid: false, error }),
  );
}
