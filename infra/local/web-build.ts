/** Builds web/ with Vite when there is no production build yet (npm start on a fresh clone). */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, WEB_DIR } from './paths';

export async function ensureWebBuild(distDir: string, log: (line: string) => void): Promise<void> {
  if (existsSync(join(distDir, 'index.html'))) return;
  log(`[local] ${distDir} has no build yet: running vite build (once)...`);
  const vite = join(packageDir('vite'), 'bin', 'vite.js');
  const started = performance.now();
  // Vite's own binary through node: an npx wrapper would be one more process to outlive us.
  const child = spawn(process.execPath, [vite, 'build'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
  const killChild = (): void => {
    child.kill('SIGTERM');
  };
  process.once('exit', killChild);
  const code = await new Promise<number | null>((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  process.off('exit', killChild);
  if (code !== 0) {
    throw new Error(`vite build failed (exit code ${code}); fix the web build or run \`npm run build\` to see why`);
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`vite build finished but ${distDir}/index.html does not exist; is web/'s outDir ${distDir}?`);
  }
  log(`[local] web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
