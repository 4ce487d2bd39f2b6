/**
 * What the storefront's prerendered pages are made from, as one hash: the published template
 * (the web build with its runtime config), the catalogue as the table holds it, and the source
 * the renderer draws on (the newest file and the number of files under its directories). A
 * restart of a persistent local cloud whose pages were rendered from the same inputs keeps them
 * instead of rendering every page again; any change of build, catalogue or code renders them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS_DIR, REPO_ROOT, WEB_DIR } from './paths';

/** The renderer is the web app's components, fed by the functions through shared code. */
const RENDERER_SOURCES = [join(WEB_DIR, 'src'), join(REPO_ROOT, 'shared'), FUNCTIONS_DIR];

/** The newest modification time and the number of files under `dirs` (node_modules left out). */
export function sourceStamp(dirs: readonly string[] = RENDERER_SOURCES): string {
  let newest = 0;
  let files = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        files += 1;
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  dirs.forEach(walk);
  return `${files}@${newest}`;
}

export function pagesFingerprint(template: string, catalogue: readonly unknown[], stamp = sourceStamp()): string {
  return createHash('sha256')
    .update(template)
    .update('\0')
    .update(JSON.stringify(catalogue))
    .update('\0')
    .update(stamp)
    .digest('base64url');
}
