import { preloadAfterPaintModules } from './app/after-paint-modules';
import { holdEarlyInput } from './app/early-input';
import { applyThemeToDocument, storedTheme } from './lib/theme-document';
import './styles/global.css';

/**
 * The page's entry: its styles, the shopper's theme, and the app's code loaded as a chunk of its
 * own (app/start.tsx). A prerendered page is already whole in its HTML, so it is painted first
 * and its code fetched right after (a frame later, or a second at most where frames are not
 * drawn, as in a hidden tab): the first render needs no more script than this, and the code does
 * not compete with the page's styles, font and main image. What the shopper does meanwhile is
 * held for the app (app/early-input.ts), and the page's own modules are preloaded with the app
 * (app/after-paint-modules.ts). An empty page (the shell: cart, account, checkout)
 * loads the code at once; its host preloads it there (server/route-assets.ts, APP_ASSETS).
 */
applyThemeToDocument(storedTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const earlyInput = container.firstElementChild ? holdEarlyInput(container) : undefined;

let loading = false;
const loadApp = (): void => {
  if (loading) return;
  loading = true;
  preloadAfterPaintModules();
  import('./app/start')
    .then(({ startApp }) => startApp(container, { earlyInput }))
    // A prerendered page stays readable (its links are plain links) if its code fails to load.
    .catch((error: unknown) => {
      earlyInput?.discard();
      console.error('The app could not start', error);
    });
};

if (earlyInput) {
  requestAnimationFrame(() => setTimeout(loadApp, 0));
  setTimeout(loadApp, 1000);
} else {
  loadApp();
}
