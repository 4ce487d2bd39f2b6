/** Where things are on disk. Resolved from this file, so the launcher works from any cwd. */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');
export const WEB_DIR = join(REPO_ROOT, 'web');
export const DEFAULT_WEB_DIST = join(WEB_DIR, 'dist');
export const DEFAULT_PERSIST_DIR = join(REPO_ROOT, '.data');

const requireFromInfra = createRequire(join(REPO_ROOT, 'infra', 'package.json'));

/** The directory of an installed package, found the way Node would find it from infra/. */
export function packageDir(name: string): string {
  return dirname(requireFromInfra.resolve(`${name}/package.json`));
}

/** Absolute path of a module under functions/, as the route, rule and trigger tables name them. */
export function functionModulePath(module: string): string {
  return join(FUNCTIONS_DIR, `${module}.ts`);
}
