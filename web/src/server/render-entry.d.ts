// The renderer as the functions' compiler sees it (web/package.json's "types" condition).
import type { RenderPage, RenderShell } from './render-contract';

export type * from './render-contract';
export declare const renderPage: RenderPage;
export declare const renderShell: RenderShell;
