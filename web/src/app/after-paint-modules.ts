/**
 * A prerendered page is whole before any of its code runs, so the code it will need (the page's
 * route chunks, its language's texts) is not preloaded in its head, where it would share the
 * connection with the styles, font and main image the page is painted with. The renderer lists
 * those modules in a JSON element instead (server/render.tsx), and the entry preloads them as it
 * loads the app, once the page is painted: they then arrive alongside the app, not after it.
 */
export const AFTER_PAINT_MODULES_ELEMENT_ID = 'after-paint-modules';

/** Preloads the modules the page lists (none on a page that lists none, such as the shell). */
export function preloadAfterPaintModules(): void {
  const list = document.getElementById(AFTER_PAINT_MODULES_ELEMENT_ID)?.textContent;
  if (!list) return;
  let hrefs: unknown;
  try {
    hrefs = JSON.parse(list);
  } catch {
    return; // Only a preload: the app loads what it needs either way.
  }
  if (!Array.isArray(hrefs)) return;
  for (const href of hrefs) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite preloads, so the import that follows finds the preloaded module.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
