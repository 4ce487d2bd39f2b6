import { createContext, useContext } from 'react';
import type { PageHead } from './page-head';

/**
 * What a page rendered on the server (web/src/server/render.tsx) cannot read from `window`: the
 * site's origin, and a place to leave its head (title, meta, canonical, JSON-LD), which in the
 * browser usePageMeta writes into the document from an effect. In the browser there is no
 * provider and nothing changes.
 */
export interface ServerPage {
  origin: string;
  pathname: string;
  search: string;
  /** Called during render with the page's head; the last call (the innermost page) wins. */
  collectHead: (head: PageHead) => void;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

/** The server's page, or null in the browser. */
export function useServerPage(): ServerPage | null {
  return useContext(ServerPageContext);
}

/** The site's origin ("https://linea.example"), for absolute URLs in structured data. */
export function usePageOrigin(): string {
  return useServerPage()?.origin ?? window.location.origin;
}
