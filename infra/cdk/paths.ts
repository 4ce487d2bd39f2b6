import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file rather than from `process.cwd()`, so synth works the
 * same from the CDK CLI (run at the root) and from Vitest (run with a project root of its own).
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
