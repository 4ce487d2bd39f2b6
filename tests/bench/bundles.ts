/**
 * The Lambda bundles CDK builds (NodejsFunction + esbuild): `cdk synth` of the stack the README
 * deploys, into a fresh directory, then each function's minified size against its budget
 * (budgets.ts) and its cold import time in fresh Node processes. Tolerant by design: without a
 * synthesisable app it reports why and moves on.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HANDLER_MODULE_METADATA } from '../../infra/cdk/constructs/shop-function';
import { median } from './stats';

/** The stack `npx cdk deploy` makes with the README's defaults (stage `dev`). */
export const BENCH_STAGE = 'dev';

export interface BundleSize {
  /** The function's construct path in the stack, e.g. `Api/ProductsGetProductFunction`. */
  readonly function: string;
  /** functions/<handlerModule>.ts; undefined for CDK's own helper functions. */
  readonly handlerModule: string | undefined;
  readonly dir: string;
  readonly asset: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Judged from the shape: esbuild's minified output is a few very long lines. */
  readonly minified: boolean;
  /** Packages installed beside the bundle (native code such as sharp), built for Lambda's platform. */
  readonly nativeModules: boolean;
}

interface TemplateResource {
  Type?: string;
  Metadata?: Record<string, unknown>;
}

const SYNTH_TIMEOUT_MS = 5 * 60_000;

/**
 * `cdk synth` of the stage-`dev` stack into `outdir`. The environment is the user's minus what a
 * local cloud in this process put there (STAGE=local and the functions' variables would otherwise
 * name and configure another stack), and `outdir` is new, so no template of an earlier synth is
 * read as if it were current.
 */
export async function synth(repoRoot: string, outdir: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const cdk = join(
    dirname(createRequire(join(repoRoot, 'infra', 'package.json')).resolve('aws-cdk/package.json')),
    'bin',
    'cdk',
  );
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(AWS_|STAGE$|FROM_EMAIL$|SHOP_INBOX_EMAIL$|CDK_CONTEXT_JSON$)/.test(name),
    ),
  );
  const child = spawn(
    process.execPath,
    [cdk, 'synth', '--quiet', '--no-notices', '--output', outdir, '--context', `stage=${BENCH_STAGE}`],
    { cwd: repoRoot, env: { ...env, CDK_DISABLE_VERSION_CHECK: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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

/** The templates of the stacks in a cloud assembly, from its manifest. */
function stackTemplates(cdkOut: string): string[] {
  const manifest = JSON.parse(readFileSync(join(cdkOut, 'manifest.json'), 'utf8')) as {
    artifacts?: Record<string, { type?: string; properties?: { templateFile?: string } }>;
  };
  return Object.values(manifest.artifacts ?? {})
    .filter((artifact) => artifact.type === 'aws:cloudformation:stack' && artifact.properties?.templateFile)
    .map((artifact) => join(cdkOut, artifact.properties?.templateFile as string));
}

/** The resources of one stack of the assembly: the total and the count per type, most first. */
export function resourceCounts(cdkOut: string, stackName: string): { total: number; byType: [string, number][] } {
  const template = stackTemplates(cdkOut).find((file) => file.endsWith(`${stackName}.template.json`));
  if (!template) return { total: 0, byType: [] };
  const { Resources = {} } = JSON.parse(readFileSync(template, 'utf8')) as {
    Resources?: Record<string, TemplateResource>;
  };
  const byType = new Map<string, number>();
  for (const resource of Object.values(Resources))
    byType.set(String(resource.Type), (byType.get(String(resource.Type)) ?? 0) + 1);
  return { total: Object.keys(Resources).length, byType: [...byType].sort((a, b) => b[1] - a[1]) };
}

/**
 * Every Lambda bundle of the assembly, each handler once (another stack's copy of a handler is
 * skipped), sorted by size, largest first.
 */
export function bundleSizes(cdkOut: string): BundleSize[] {
  const sizes = new Map<string, BundleSize>();
  for (const template of stackTemplates(cdkOut)) {
    const { Resources = {} } = JSON.parse(readFileSync(template, 'utf8')) as {
      Resources?: Record<string, TemplateResource>;
    };
    for (const [logicalId, resource] of Object.entries(Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || typeof asset !== 'string') continue;
      const handlerModule = resource.Metadata?.[HANDLER_MODULE_METADATA];
      const key = typeof handlerModule === 'string' ? handlerModule : asset;
      if (sizes.has(key)) continue;
      const dir = join(cdkOut, asset);
      const file = ['index.mjs', 'index.js'].map((name) => join(dir, name)).find((path) => existsSync(path));
      if (!file) continue;
      const cdkPath = resource.Metadata?.['aws:cdk:path'];
      const code = readFileSync(file);
      const lines = code.toString('utf8').split('\n').length;
      sizes.set(key, {
        function: typeof cdkPath === 'string' ? cdkPath.replace(/^[^/]+\//, '').replace(/\/Resource$/, '') : logicalId,
        handlerModule: typeof handlerModule === 'string' ? handlerModule : undefined,
        dir,
        asset,
        file: file.slice(dir.length + 1),
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
        minified: lines <= 5 || code.length / lines > 200,
        nativeModules: existsSync(join(dir, 'node_modules')),
      });
    }
  }
  return [...sizes.values()].sort((a, b) => b.bytes - a.bytes);
}

export type ColdImport = { readonly medianMs: number; readonly runs: number } | { readonly reason: string };

const IMPORT_TIMEOUT_MS = 30_000;

/** One import of the bundle in a new Node process, as Lambda's first start does; ms, or why not. */
function importOnce(bundle: BundleSize): Promise<number | string> {
  const url = pathToFileURL(join(bundle.dir, bundle.file)).href;
  const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      {
        cwd: bundle.dir,
        timeout: IMPORT_TIMEOUT_MS,
        // Lambda's environment as far as loading goes: the variables ShopFunction sets for source
        // maps, a region, nothing of this machine's (no AWS profile, no local endpoints).
        env: { PATH: process.env.PATH, NODE_OPTIONS: '--enable-source-maps', AWS_REGION: 'eu-central-2' },
      },
      (error, stdout, stderr) => {
        const ms = Number(stdout);
        if (!error && Number.isFinite(ms)) return resolveRun(ms);
        const line = stderr.split('\n').find((candidate) => /^\w*Error\b/.test(candidate)) ?? error?.message;
        resolveRun((line ?? 'no timing printed').slice(0, 200));
      },
    );
  });
}

/**
 * The median of `runs` cold imports of a bundle, each in a fresh `node` with
 * `--enable-source-maps` (Lambda's NODE_OPTIONS here). A bundle that does not load gets the
 * reason instead: for one with native packages beside it that is expected off Lambda's platform.
 */
export async function coldImport(bundle: BundleSize, runs: number): Promise<ColdImport> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await importOnce(bundle);
    if (typeof result === 'string') {
      return {
        reason: bundle.nativeModules
          ? `not loadable here: its native node_modules are built for Lambda (linux-arm64), this is ${process.platform}-${process.arch} (${result})`
          : `FAILS TO LOAD: ${result}`,
      };
    }
    times.push(result);
  }
  return { medianMs: median(times), runs };
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of `items`. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
