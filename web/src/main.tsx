import './styles/global.css';

/**
 * The page's entry: its styles, and the app's code loaded as a chunk of its own. A prerendered
 * page is already whole in its HTML, so it is painted first and its code fetched right after
 * (a frame later, or a second at most where frames are not drawn, as in a hidden tab): the
 * first render needs no script at all, and the code does not compete with the page's styles,
 * font and main image. An empty page (the shell) loads the code at once; the host preloads it
 * there (server/route-assets.ts, APP_START_MODULE).
 */
let loading = false;
const loadApp = (): void => {
  if (loading) return;
  loading = true;
  void import('./app/boot');
};

if (document.getElementById('root')?.firstElementChild) {
  requestAnimationFrame(() => setTimeout(loadApp, 0));
  setTimeout(loadApp, 1000);
} else {
  loadApp();
}
