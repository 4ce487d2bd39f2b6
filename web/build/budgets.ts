/**
 * Size budgets of the web build, and the measurement they are judged against. Sizes, not
 * timings, so the check gives the same answer on every machine; Lighthouse's timings stay in the
 * bench (`npm run bench:web`). The Lambda bundles' budgets are in tests/bench/budgets.ts.
 *
 * Read from the finished web/dist as a browser meets it: index.html's module script and
 * `<link rel="modulepreload">`s, with the texts of the page's language that the page renderer
 * preloads (index.html's dictionary hints, src/i18n/dictionary-hints.ts), are the JavaScript
 * before render, one figure per language; its stylesheets are the render-blocking CSS; Vite's
 * .vite/manifest.json maps each lazy route (src/routes/*.tsx) to its chunk and the chunks it
 * imports. Every figure is gzip level 9 (node:zlib), in KiB (1024 bytes).
 *
 * Run at the end of `npm run build` (web/build/check-budgets.ts) and printed by the bench.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readDictionaryHints } from '../src/i18n/dictionary-hints';

export interface WebBudget {
  /** What we aim for (KiB gzip); above it the build prints a warning. */
  readonly targetKiB: number;
  /** The limit in force today (KiB gzip); above it the build fails. Equal to the target once met. */
  readonly ceilingKiB: number;
  /** Why the ceiling is above the target, while it is. */
  readonly note?: string;
}

/**
 * The budgets. A ceiling above its target is the figure measured when it was written (26 Nov
 * 2026), rounded up by ~3%: the build fails on any growth beyond that and warns until the target
 * is reached. Lower a ceiling when its figure shrinks; set it to the target once met.
 */
export const WEB_BUDGETS = {
  /**
   * index.html's entry script plus its modulepreloads: the JavaScript a prerendered storefront
   * page loads before its first render. Its HTML is the page, and the entry (main.tsx: the
   * theme, holding early input; 2.6 KiB) fetches the app and the page's own modules only after
   * the page is painted.
   */
  beforeRender: { targetKiB: 110, ceilingKiB: 110 }, // issue "Speed", item 3
  /**
   * The entry, the app it loads (APP_START_MODULE) with everything that imports statically, and
   * the page language's texts: what a browser runs to take a prerendered page over, and before
   * it can draw a page that is not prerendered (the shell: cart, account, checkout).
   */
  appStart: {
    targetKiB: 110,
    ceilingKiB: 161,
    note:
      'measured 157.5 KiB on a German page (156.3 KiB English): the framework chunk (react-dom, react-router, ' +
      "i18next, TanStack Query, zustand; ~124 KiB), the app and the page language's texts (11.8 KiB). A " +
      'prerendered page shows before any of it loads (beforeRender); this is what taking it over costs',
  },
  /**
   * Each storefront route (src/routes/<name>.tsx): its chunk and the chunks it needs beyond the
   * entry's and the app's, and those LOADED_AT_START. Largest: dashboard.tsx, 35.9 KiB.
   */
  routeChunk: { targetKiB: 40, ceilingKiB: 40 },
  /**
   * Each other lazy chunk of the storefront (Amplify for sign-in, menus, the shop assistant, zod
   * with the runtime config's schema: 12.8 KiB), likewise. Largest: lib/auth/amplify-auth.ts, 36.9 KiB.
   */
  lazyChunk: { targetKiB: 40, ceilingKiB: 40 },
  /** The back office (src/routes/admin*.tsx) and the lazy chunks only it loads (recharts): never a shopper's. */
  adminChunk: { targetKiB: 120, ceilingKiB: 120 }, // largest: the recharts chunk, 113.8 KiB
  /** The stylesheets index.html links, together (render-blocking). */
  blockingCss: { targetKiB: 10, ceilingKiB: 10 }, // 9.0 KiB
  /** Each lazily loaded stylesheet. */
  lazyCss: { targetKiB: 3, ceilingKiB: 3 }, // largest: catalog, 2.4 KiB
} as const satisfies Record<string, WebBudget>;

export type WebBudgetName = keyof typeof WEB_BUDGETS;

export interface SizedFile {
  /** Path in dist, e.g. assets/index-abc.js. */
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
}

/** One figure judged against one budget: a sum of files. */
export interface WebFigure {
  readonly budget: WebBudgetName;
  /** What it is, for people: "JavaScript before render", "route src/routes/product.tsx". */
  readonly what: string;
  readonly files: readonly SizedFile[];
  readonly raw: number;
  readonly gzip: number;
}

const KIB = 1024;

export function sizeOf(distDir: string, file: string): SizedFile {
  const bytes = readFileSync(join(distDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function figure(budget: WebBudgetName, what: string, files: readonly SizedFile[]): WebFigure {
  return {
    budget,
    what,
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1];
    if (name) attrs.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** A URL of index.html as a path in dist. */
const distPath = (href: string): string => href.replace(/^\//, '').split(/[?#]/)[0] ?? '';

/**
 * What index.html makes the browser fetch before the page can render; `dictionaries`, what a
 * page rendered in each language preloads besides.
 */
export function readIndexHtml(distDir: string): {
  entry: string;
  preloads: string[];
  stylesheets: string[];
  dictionaries: Map<string, string[]>;
} {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  let entry: string | undefined;
  const preloads: string[] = [];
  const stylesheets: string[] = [];
  for (const [tag, tagName] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const name = tagName?.toLowerCase();
    const attrs = attributes(tag);
    const src = attrs.get('src');
    const href = attrs.get('href');
    if (name === 'script' && attrs.get('type') === 'module' && src) {
      if (entry) throw new Error('index.html has more than one module script; which is the entry?');
      entry = distPath(src);
    } else if (name === 'link' && attrs.get('rel') === 'modulepreload' && href) {
      preloads.push(distPath(href));
    } else if (name === 'link' && attrs.get('rel') === 'stylesheet' && href) {
      stylesheets.push(distPath(href));
    }
  }
  if (!entry) throw new Error(`No <script type="module" src> in ${join(distDir, 'index.html')}`);
  const dictionaries = new Map(
    [...readDictionaryHints(html)].map(([locale, hrefs]) => [locale, hrefs.map(distPath)] as const),
  );
  return { entry, preloads, stylesheets, dictionaries };
}

/** The part of Vite's build manifest read here. */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

const MANIFEST = '.vite/manifest.json';

/**
 * Lazy modules every page loads as it starts, right after it renders (app/start.tsx validates
 * the runtime config with its schema, and zod with it): a route finds them there. Each is one
 * figure of its own, and what it brings is not counted again in the routes that import it too.
 */
export const LOADED_AT_START: readonly string[] = ['src/config/runtime-config-schema.ts'];

/** The app itself, which the entry (src/main.tsx) loads once the page is painted. */
export const APP_START_MODULE = 'src/app/start.tsx';
const ROUTE = /^src\/routes\/([^/]+)\.tsx$/;
const ADMIN_ROUTE = /^src\/routes\/admin[^/]*\.tsx$/;

/** The chunk and everything it imports statically: what loading it downloads. */
function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string): void => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    manifest[k].imports?.forEach(visit);
  };
  visit(key);
  return seen;
}

export interface WebMeasurement {
  readonly distDir: string;
  readonly figures: readonly WebFigure[];
}

/** Measures web/dist (or a directory laid out like it). */
export function measureWebDist(distDir: string): WebMeasurement {
  const html = readIndexHtml(distDir);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(distDir, MANIFEST), 'utf8')) as Manifest;
  } catch (err) {
    throw new Error(`Cannot read ${join(distDir, MANIFEST)} (build.manifest in web/vite.config.ts): ${String(err)}`, {
      cause: err,
    });
  }
  const size = (file: string): SizedFile => sizeOf(distDir, file);
  const beforeRender = [html.entry, ...html.preloads];
  if (!manifest[APP_START_MODULE]?.isDynamicEntry) {
    throw new Error(`${MANIFEST} has no lazy chunk for ${APP_START_MODULE} (APP_START_MODULE)`);
  }
  const appClosure = staticClosure(manifest, APP_START_MODULE);
  const appFiles = [...appClosure]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => !!file && file.endsWith('.js') && !beforeRender.includes(file));
  const appStart = [...beforeRender, ...appFiles];
  const figures: WebFigure[] = [
    figure('beforeRender', 'JavaScript before render', beforeRender.map(size)),
    ...(html.dictionaries.size
      ? [...html.dictionaries].map(([locale, files]) =>
          figure('appStart', `JavaScript to start the app, ${locale} page`, [...appStart, ...files].map(size)),
        )
      : [figure('appStart', 'JavaScript to start the app', appStart.map(size))]),
    figure('blockingCss', 'render-blocking CSS', html.stylesheets.map(size)),
  ];

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && manifest[key].file === html.entry);
  if (!entryKey) throw new Error(`${MANIFEST} has no entry chunk for ${html.entry}, the script of index.html`);
  // What the page has before any lazy chunk loads (the entry and the app): not counted again for a route.
  const eager = new Set([...staticClosure(manifest, entryKey), ...appClosure]);
  const eagerFiles = new Set([...eager].map((key) => manifest[key]?.file));
  for (const file of html.preloads) {
    if (!eagerFiles.has(file))
      throw new Error(`index.html preloads ${file}, which the manifest's entry does not import`);
  }
  const blockingCss = new Set(html.stylesheets);

  const atStart = new Set(eager);
  for (const key of LOADED_AT_START) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${MANIFEST} has no lazy chunk for ${key} (LOADED_AT_START)`);
    for (const k of staticClosure(manifest, key)) atStart.add(k);
  }

  const dynamicEntries = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
  const adminOnly = new Set<string>();
  for (const key of dynamicEntries.filter((k) => ADMIN_ROUTE.test(k))) {
    for (const k of staticClosure(manifest, key)) if (!eager.has(k)) adminOnly.add(k);
  }
  // A lazy chunk that only the back office imports (recharts) is the back office's.
  const importers = (key: string): string[] =>
    Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
  const isAdmin = (key: string): boolean =>
    ADMIN_ROUTE.test(key) || (importers(key).length > 0 && importers(key).every((k) => adminOnly.has(k)));

  const lazyCss = new Set<string>();
  for (const key of dynamicEntries.sort()) {
    if (key === APP_START_MODULE) continue;
    const alreadyThere = LOADED_AT_START.includes(key) ? eager : atStart;
    const closure = [...staticClosure(manifest, key)].filter((k) => !alreadyThere.has(k));
    const files = closure.map((k) => manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js'));
    const budget: WebBudgetName = isAdmin(key) ? 'adminChunk' : ROUTE.test(key) ? 'routeChunk' : 'lazyChunk';
    const what =
      budget === 'routeChunk' ? `route ${key}` : budget === 'adminChunk' ? `back office ${key}` : `lazy ${key}`;
    figures.push(figure(budget, what, files.map(size)));
    for (const k of closure) manifest[k]?.css?.forEach((css) => !blockingCss.has(css) && lazyCss.add(css));
  }
  for (const css of [...lazyCss].sort()) figures.push(figure('lazyCss', `lazy CSS ${css}`, [size(css)]));
  return { distDir, figures };
}

export const formatKiB = (bytes: number): string => `${(bytes / KIB).toFixed(1)} KiB`;

const fileNames = (files: readonly SizedFile[], max = 6): string => {
  const names = files.map((f) => f.file.replace(/^assets\//, ''));
  return names.length > max ? `${names.slice(0, max).join(', ')}, … ${names.length - max} more` : names.join(', ');
};

export interface WebVerdict {
  /** One line per figure over its ceiling: the build fails. */
  readonly breaches: readonly string[];
  /** One line per figure over its target but within its ceiling. */
  readonly warnings: readonly string[];
}

export function judgeWebFigures(
  figures: readonly WebFigure[],
  budgets: Readonly<Record<WebBudgetName, WebBudget>> = WEB_BUDGETS,
): WebVerdict {
  const breaches: string[] = [];
  const warnings: string[] = [];
  for (const f of figures) {
    const budget = budgets[f.budget];
    const measured = `${f.what}: ${formatKiB(f.gzip)} gzip (${fileNames(f.files)})`;
    const target = budget.ceilingKiB > budget.targetKiB ? ` (target ${budget.targetKiB} KiB)` : '';
    if (f.gzip > budget.ceilingKiB * KIB) {
      const which = target ? 'ceiling' : 'budget';
      breaches.push(`${measured} is over its ${which} of ${budget.ceilingKiB} KiB${target}`);
    } else if (f.gzip > budget.targetKiB * KIB) {
      warnings.push(`${measured} is over its target of ${budget.targetKiB} KiB (ceiling ${budget.ceilingKiB} KiB)`);
    }
  }
  return { breaches, warnings };
}

const LABELS: Record<WebBudgetName, string> = {
  beforeRender: 'JavaScript before render',
  appStart: 'JavaScript to start the app',
  routeChunk: 'largest route chunk',
  lazyChunk: 'largest other lazy chunk',
  adminChunk: 'largest back-office chunk',
  blockingCss: 'render-blocking CSS',
  lazyCss: 'largest lazy CSS',
};

/** The largest figure under each budget. */
export function largestPerBudget(figures: readonly WebFigure[]): Array<{ budget: WebBudgetName; figure?: WebFigure }> {
  return (Object.keys(WEB_BUDGETS) as WebBudgetName[]).map((budget) => ({
    budget,
    figure: figures
      .filter((f) => f.budget === budget)
      .reduce<WebFigure | undefined>((max, f) => (!max || f.gzip > max.gzip ? f : max), undefined),
  }));
}

/** A short table: the largest figure under each budget, with its target and ceiling. */
export function budgetTable(
  figures: readonly WebFigure[],
  budgets: Readonly<Record<WebBudgetName, WebBudget>> = WEB_BUDGETS,
): string[] {
  const rows = largestPerBudget(figures).map(({ budget, figure: f }) => {
    const b = budgets[budget];
    const state = !f ? '' : f.gzip > b.ceilingKiB * KIB ? 'OVER' : f.gzip > b.targetKiB * KIB ? 'above target' : 'ok';
    const which =
      f && f.what !== LABELS[budget]
        ? ` (${f.what.replace(/^(route|back office|lazy CSS|lazy|JavaScript to start the app,) (assets\/)?/, '')})`
        : '';
    return [
      `${LABELS[budget]}${which}`,
      f ? formatKiB(f.gzip) : '–',
      `${b.targetKiB} KiB`,
      `${b.ceilingKiB} KiB`,
      state,
    ];
  });
  const header = ['', 'gzip', 'target', 'ceiling', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
