import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_START_MODULE,
  budgetTable,
  formatKiB,
  judgeWebFigures,
  LOADED_AT_START,
  measureWebDist,
  WEB_BUDGETS,
  type WebBudget,
} from './budgets';

const KIB = 1024;
const WEB_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const REAL_DIST = join(WEB_DIR, 'dist');

/** Random bytes do not compress: gzip is a little over raw, so a file's figure is known ahead. */
const incompressible = (kib: number): Buffer => randomBytes(kib * KIB);
const gzipKiB = (...files: Buffer[]): string =>
  formatKiB(files.reduce((n, f) => n + gzipSync(f, { level: 9 }).length, 0));

interface FakeChunk {
  readonly file: string;
  readonly bytes: Buffer;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: string[];
  readonly dynamicImports?: string[];
  readonly css?: string[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist laid out like Vite's: index.html, assets/, .vite/manifest.json (keyed like Vite's). */
function fakeDist(chunks: Record<string, FakeChunk>, css: Record<string, Buffer> = {}, head: string[] = []): string {
  const dist = mkdtempSync(join(tmpdir(), 'linea-budgets-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const manifest: Record<string, Omit<FakeChunk, 'bytes'>> = {};
  // Every build has the lazy modules every page loads as it starts (LOADED_AT_START).
  const atStart = Object.fromEntries(
    LOADED_AT_START.map((key, i) => [
      key,
      { file: `assets/at-start-${i}.js`, bytes: Buffer.from(''), isDynamicEntry: true },
    ]),
  );
  // ...and the app the entry loads once the page is painted (empty here: what the tests put in the entry counts).
  const app = { [APP_START_MODULE]: { file: 'assets/start.js', bytes: Buffer.from(''), isDynamicEntry: true } };
  for (const [key, { bytes, ...chunk }] of Object.entries({ ...atStart, ...app, ...chunks })) {
    writeFileSync(join(dist, chunk.file), bytes);
    manifest[key] = chunk;
  }
  for (const [file, bytes] of Object.entries(css)) writeFileSync(join(dist, file), bytes);
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  const entry = chunks['index.html'];
  const preloads = (entry?.imports ?? []).map((key) => chunks[key]?.file);
  writeFileSync(
    join(dist, 'index.html'),
    [
      '<!doctype html><html><head>',
      `<script type="module" crossorigin src="/${entry?.file}"></script>`,
      ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...(entry?.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...head,
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  return dist;
}

const entry = incompressible(60);
const vendor = incompressible(70);
const route = incompressible(30);
const routeOnly = incompressible(15);
const blockingCss = Buffer.from('body { color: black; }\n'.repeat(100));

function shop(): string {
  return fakeDist(
    {
      'index.html': {
        file: 'assets/index-a.js',
        bytes: entry,
        isEntry: true,
        imports: ['_vendor-b.js'],
        dynamicImports: ['src/routes/product.tsx'],
        css: ['assets/index-c.css'],
      },
      '_vendor-b.js': { file: 'assets/vendor-b.js', bytes: vendor },
      '_dialog-e.js': { file: 'assets/dialog-e.js', bytes: routeOnly, imports: ['_vendor-b.js'] },
      'src/routes/product.tsx': {
        file: 'assets/product-d.js',
        bytes: route,
        isDynamicEntry: true,
        imports: ['_vendor-b.js', 'index.html', '_dialog-e.js'],
      },
    },
    { 'assets/index-c.css': blockingCss },
  );
}

const loose: WebBudget = { targetKiB: 1000, ceilingKiB: 1000 };
const budgets = {
  beforeRender: loose,
  appStart: loose,
  routeChunk: loose,
  lazyChunk: loose,
  adminChunk: loose,
  blockingCss: loose,
  lazyCss: loose,
};

describe('web size budgets', () => {
  it('measures the JavaScript before render, each route beyond the entry, and the CSS', () => {
    const { figures } = measureWebDist(shop());
    const byWhat = new Map(figures.map((f) => [f.what, f]));
    expect(byWhat.get('JavaScript before render')?.files.map((f) => f.file)).toEqual([
      'assets/index-a.js',
      'assets/vendor-b.js',
    ]);
    // The route's own chunk and the one only it imports; the vendor chunk came with the entry.
    expect(byWhat.get('route src/routes/product.tsx')?.files.map((f) => f.file)).toEqual([
      'assets/product-d.js',
      'assets/dialog-e.js',
    ]);
    expect(byWhat.get('render-blocking CSS')?.gzip).toBe(gzipSync(blockingCss, { level: 9 }).length);
  });

  it("counts, per language, the texts the app starts with (index.html's dictionary hints) in starting it, not before render", () => {
    const english = incompressible(10);
    const german = incompressible(11);
    const dist = fakeDist(
      {
        'index.html': {
          file: 'assets/index-a.js',
          bytes: entry,
          isEntry: true,
          imports: ['_vendor-b.js'],
          dynamicImports: ['../shared/i18n/en.ts', '../shared/i18n/de.ts'],
        },
        '_vendor-b.js': { file: 'assets/vendor-b.js', bytes: vendor },
        '../shared/i18n/en.ts': { file: 'assets/en-f.js', bytes: english, isDynamicEntry: true },
        '../shared/i18n/de.ts': { file: 'assets/de-g.js', bytes: german, isDynamicEntry: true },
      },
      {},
      [
        '<meta name="linea:dictionary-en" content="/assets/en-f.js">',
        '<meta name="linea:dictionary-de" content="/assets/de-g.js">',
      ],
    );
    const { figures } = measureWebDist(dist);
    const appStart = figures.filter((f) => f.budget === 'appStart');
    expect(appStart.map((f) => [f.what, f.files.map((file) => file.file)])).toEqual([
      [
        'JavaScript to start the app, en page',
        ['assets/index-a.js', 'assets/vendor-b.js', 'assets/start.js', 'assets/en-f.js'],
      ],
      [
        'JavaScript to start the app, de page',
        ['assets/index-a.js', 'assets/vendor-b.js', 'assets/start.js', 'assets/de-g.js'],
      ],
    ]);
    expect(formatKiB(appStart[1]?.gzip ?? 0)).toBe(gzipKiB(entry, vendor, german));
    expect(budgetTable(figures, budgets).join('\n')).toContain('JavaScript to start the app (de page)');
    expect(figures.find((f) => f.budget === 'beforeRender')?.files.map((file) => file.file)).toEqual([
      'assets/index-a.js',
      'assets/vendor-b.js',
    ]);
  });

  it('counts what every page loads as it starts once, as its own figure, and not again in a route', () => {
    const schema = incompressible(1);
    const zod = incompressible(12);
    const dist = fakeDist({
      'index.html': {
        file: 'assets/index-a.js',
        bytes: entry,
        isEntry: true,
        dynamicImports: ['src/config/runtime-config-schema.ts', 'src/routes/product.tsx'],
      },
      '_zod-h.js': { file: 'assets/zod-h.js', bytes: zod },
      'src/config/runtime-config-schema.ts': {
        file: 'assets/runtime-config-schema-i.js',
        bytes: schema,
        isDynamicEntry: true,
        imports: ['_zod-h.js'],
      },
      'src/routes/product.tsx': {
        file: 'assets/product-d.js',
        bytes: route,
        isDynamicEntry: true,
        imports: ['index.html', '_zod-h.js'],
      },
    });
    const byWhat = new Map(measureWebDist(dist).figures.map((f) => [f.what, f.files.map((file) => file.file)]));
    expect(byWhat.get('lazy src/config/runtime-config-schema.ts')).toEqual([
      'assets/runtime-config-schema-i.js',
      'assets/zod-h.js',
    ]);
    expect(byWhat.get('route src/routes/product.tsx')).toEqual(['assets/product-d.js']);
  });

  it('fails a figure over its ceiling, naming it, its files and the figure', () => {
    const { figures } = measureWebDist(shop());
    const verdict = judgeWebFigures(figures, {
      ...budgets,
      beforeRender: { targetKiB: 110, ceilingKiB: 120 },
      routeChunk: { targetKiB: 40, ceilingKiB: 40 },
    });
    expect(verdict.breaches).toEqual([
      `JavaScript before render: ${gzipKiB(entry, vendor)} gzip (index-a.js, vendor-b.js) is over its ceiling of 120 KiB (target 110 KiB)`,
      `route src/routes/product.tsx: ${gzipKiB(route, routeOnly)} gzip (product-d.js, dialog-e.js) is over its budget of 40 KiB`,
    ]);
    expect(verdict.warnings).toEqual([]);
  });

  it('warns, and passes, while a figure is above its target but within its ceiling', () => {
    const { figures } = measureWebDist(shop());
    const verdict = judgeWebFigures(figures, { ...budgets, beforeRender: { targetKiB: 110, ceilingKiB: 150 } });
    expect(verdict.breaches).toEqual([]);
    expect(verdict.warnings).toEqual([
      `JavaScript before render: ${gzipKiB(entry, vendor)} gzip (index-a.js, vendor-b.js) is over its target of 110 KiB (ceiling 150 KiB)`,
    ]);
    expect(budgetTable(figures, budgets).join('\n')).toContain('largest route chunk (src/routes/product.tsx)');
  });

  it('fails the build (exit 1) with the line on stderr', () => {
    const dist = fakeDist({
      'index.html': {
        file: 'assets/index-a.js',
        bytes: incompressible(WEB_BUDGETS.beforeRender.ceilingKiB + 1),
        isEntry: true,
      },
    });
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(WEB_DIR, 'build/check-budgets.ts'), dist], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: JavaScript before render: [\\d.]+ KiB gzip \\(index-a\\.js\\) is over its budget of ${WEB_BUDGETS.beforeRender.ceilingKiB} KiB`,
        'm',
      ),
    );
  });

  // `npm run build` runs the same check; this names the figure when the build here is stale.
  it.skipIf(!existsSync(join(REAL_DIST, '.vite/manifest.json')))('the current build of web/ is within budget', () => {
    const { figures } = measureWebDist(REAL_DIST);
    expect(judgeWebFigures(figures).breaches).toEqual([]);
    expect(figures.filter((f) => f.budget === 'routeChunk').length).toBeGreaterThan(10);
  });
});
