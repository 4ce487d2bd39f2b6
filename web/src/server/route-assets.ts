/**
 * Each page's own chunks and styles, by page module (`src/routes/product.tsx` → `product`): the
 * build writes them into index.html as JSON (vite.config.ts, routeAssets), and the renderer of
 * prerendered pages links the styles of the page it renders and preloads its chunks in the head,
 * so the page is drawn with its styles from the first paint and does not shift when its code
 * arrives. The renderer removes the JSON from what it serves.
 */
export const ROUTE_ASSETS_ELEMENT_ID = 'route-assets';

/** The key of the app's own chunks (src/app/start.tsx, which the entry loads) in the list. */
export const APP_ASSETS = '@app';

export type RouteAssets = Record<string, { readonly css: readonly string[]; readonly js: readonly string[] }>;

const ELEMENT = new RegExp(`\\s*<script id="${ROUTE_ASSETS_ELEMENT_ID}" type="application/json">([^<]*)</script>`);

/** The template's route assets (none in a template built without them) and the template without them. */
export function takeRouteAssets(template: string): { assets: RouteAssets; template: string } {
  const match = ELEMENT.exec(template);
  if (!match?.[1]) return { assets: {}, template };
  return { assets: JSON.parse(match[1]) as RouteAssets, template: template.replace(ELEMENT, '') };
}

/** The head tags for the given page modules: their styles, then their chunks as module preloads. */
export function routeAssetTags(assets: RouteAssets, modules: readonly string[]): string {
  const css = [...new Set(modules.flatMap((module) => assets[module]?.css ?? []))];
  const js = [...new Set(modules.flatMap((module) => assets[module]?.js ?? []))];
  return [
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
}
