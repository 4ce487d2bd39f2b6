/**
 * What the storefront's renderer (render.tsx) offers, in types that need no DOM or JSX: the
 * functions that store the pages import the renderer through these (see web/package.json's
 * exports), so their compiler never reads the web app's browser code.
 */
import type { ProductDto } from '@linea/shared/contracts/products';
import type { WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import type { Locale } from '@linea/shared/domain/money';

export interface RenderInput {
  /** The page's path and query ("/products?category=outerwear"), or an absolute URL. */
  url: string;
  locale: Locale;
  /** The runtime config the page carries, as the hosts write it. */
  config: WebRuntimeConfig;
  /** The in-stock catalogue in `locale`, as GET /products?lang= answers it. */
  catalogue: { products: readonly ProductDto[] };
  /** The built index.html (web/dist/index.html): its scripts, styles and head. */
  template: string;
  /** The site's origin for absolute URLs (canonical, og:url, JSON-LD) when `url` is a path. */
  origin?: string;
}

export interface RenderResult {
  /** 200, 404 for an unknown path or product, 3xx for a page that sends the visitor elsewhere. */
  status: number;
  html: string;
  /** Where a 3xx sends the visitor. */
  location?: string;
}

/** Renders one storefront URL into the template. */
export type RenderPage = (input: RenderInput) => Promise<RenderResult>;

/** The app with an empty root in `locale`, for the pages the browser draws itself. */
export type RenderShell = (template: string, locale: Locale, config: WebRuntimeConfig) => string;
