/**
 * Sizes of the Lambda bundles CDK builds (NodejsFunction + esbuild), read from cdk.out. If
 * there is no cdk.out yet, `cdk synth` runs once (offline: notices, telemetry and the version
 * check are off). Tolerant by design: without a synthesisable app it reports why and moves on.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  readonly function: string;
  readonly asset: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Judged from the shape: esbuild's minified output is a few very long lines. */
  readonly minified: boolean;
}

interface TemplateResource {
  Type?: string;
  Metadata?: Record<string, unknown>;
}

const SYNTH_TIMEOUT_MS = 5 * 60_000;

export async function synth(repoRoot: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const cdk = join(
    dirname(createRequire(join(repoRoot, 'infra', 'package.json')).resolve('aws-cdk/package.json')),
    'bin',
    'cdk',
  );
  const child = spawn(process.execPath, [cdk, 'synth', '--quiet', '--no-notices'], {
    cwd: repoRoot,
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), SYNTH_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolveExit) => {
    child.once('error', () => resolveExit(null));
    child.once('exit', resolveExit);
  });
  clearTimeout(timer);
  if (code === 0) return { ok: true };
  const tail = output.trim().split('\n').slice(-8).join('\n');
  return { ok: false, reason: `cdk synth exited with code ${code}:\n${tail}` };
}

export function bundleSizes(cdkOut: string): BundleSize[] {
  const sizes: BundleSize[] = [];
  const templates = readdirSync(cdkOut).filter((name) => name.endsWith('.template.json'));
  for (const template of templates) {
    const { Resources = {} } = JSON.parse(readFileSync(join(cdkOut, template), 'utf8')) as {
      Resources?: Record<string, TemplateResource>;
    };
    for (const [logicalId, resource] of Object.entries(Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || typeof asset !== 'string') continue;
      const dir = join(cdkOut, asset);
      const file = ['index.mjs', 'index.js'].map((name) => join(dir, name)).find((path) => existsSync(path));
      if (!file) continue;
      const cdkPath = resource.Metadata?.['aws:cdk:path'];
      const code = readFileSync(file);
      const lines = code.toString('utf8').split('\n').length;
      sizes.push({
        function: typeof cdkPath === 'string' ? cdkPath.replace(/\/Resource$/, '') : logicalId,
        asset,
        file: file.slice(dir.length + 1),
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
        minified: lines <= 5 || code.length / lines > 200,
      });
    }
  }
  return sizes.sort((a, b) => a.function.localeCompare(b.function));
}
