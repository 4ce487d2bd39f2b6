import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { APP_ASSETS, ROUTE_ASSETS_ELEMENT_ID, type RouteAssets } from './src/server/route-assets.ts';
// By path, with the extension: Vite bundles the config's relative imports (a package's TypeScript
// it would leave to Node), and its coming native config loader asks for the file's full name.
import { LOCALES } from '../shared/i18n/locales.ts';
import { dictionaryHintName } from './src/i18n/dictionary-hints.ts';

/** A language's texts: shared/i18n/en.ts, de.ts (not the server's, server-en.ts). */
const DICTIONARY = /[\\/]shared[\\/]i18n[\\/]([a-z]{2})\.ts$/;

/**
 * Code that must never be downloaded up front: Amplify (only signed-in shoppers and the sign-in
 * page need it), the admin back office, the shop assistant (loaded once the page is idle; only
 * its small loader, lazy-chat-widget.tsx, is in the entry), the other languages' texts and zod.
 * Routes are lazy and the session module imports Amplify dynamically; this check fails the build
 * if a static import ever pulls them back in. `browserOnly` rules are not checked in the server
 * renderer's build.
 */
const NOT_IN_ENTRY: ReadonlyArray<{ what: string; test: (moduleId: string) => boolean; browserOnly?: boolean }> = [
  { what: 'aws-amplify', test: (id) => /[\\/]node_modules[\\/](@aws-amplify|aws-amplify)[\\/]/.test(id) },
  { what: 'admin code', test: (id) => /[\\/]src[\\/](routes|features)[\\/]admin/.test(id) },
  // A page needs its own language's texts only (src/i18n/i18n.ts); the server renders in every one.
  { what: 'dictionaries', test: (id) => DICTIONARY.test(id), browserOnly: true },
  // Validation waits until the page is up: the runtime config and the saved cart are checked
  // right after (src/config/runtime-config.ts, src/stores/cart-store.ts), the API's answers by
  // the pages that ask.
  { what: 'zod', test: (id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id), browserOnly: true },
  {
    what: 'shop assistant',
    test: (id) =>
      /[\\/]src[\\/]features[\\/]chat[\\/]/.test(id) && !/[\\/]components[\\/]lazy-chat-widget\.tsx$/.test(id),
  },
];

/** The chunks `fileNames` import statically, themselves included: what loading them downloads. */
function staticClosure(chunks: ReadonlyMap<string, Rolldown.OutputChunk>, fileNames: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = chunks.get(fileName);
    if (!chunk || seen.has(fileName)) return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return seen;
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(
    Object.values(bundle)
      .filter((output) => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

const entryChunks = (chunks: ReadonlyMap<string, Rolldown.OutputChunk>): string[] =>
  [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);

/**
 * Writes into index.html which files hold each language's texts (src/i18n/dictionary-hints.ts),
 * for the page renderer to preload the page's language. Fails the build when a language's chunk
 * is missing: its pages would then wait for the entry to run before asking for their texts.
 */
function dictionaryHints(): Plugin {
  let base = '/';
  return {
    name: 'linea:dictionary-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = chunksOf(bundle);
        const eager = staticClosure(chunks, entryChunks(chunks));
        return LOCALES.map((locale) => {
          const chunk = [...chunks.values()].find(
            (candidate) => candidate.isDynamicEntry && DICTIONARY.exec(candidate.facadeModuleId ?? '')?.[1] === locale,
          );
          if (!chunk)
            throw new Error(`No chunk of its own holds the '${locale}' texts (src/i18n/i18n.ts imports them)`);
          const files = [...staticClosure(chunks, [chunk.fileName])].filter((fileName) => !eager.has(fileName));
          return {
            tag: 'meta',
            attrs: {
              name: dictionaryHintName(locale),
              content: files.map((fileName) => `${base}${fileName}`).join(' '),
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

function keepOutOfEntry(): Plugin {
  let rules = NOT_IN_ENTRY;
  return {
    name: 'linea:keep-out-of-entry',
    apply: 'build',
    configResolved(config) {
      if (config.build.ssr) rules = NOT_IN_ENTRY.filter((rule) => !rule.browserOnly);
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      // The entry chunk plus everything it imports statically: what the first page load fetches.
      const eager = staticClosure(chunks, entryChunks(chunks));

      const problems = [...eager].flatMap((fileName) =>
        (chunks.get(fileName)?.moduleIds ?? []).flatMap((id) =>
          rules.filter((rule) => rule.test(id)).map((rule) => `${rule.what}: ${id} (in ${fileName})`),
        ),
      );
      if (problems.length) {
        this.error(`These modules must be loaded lazily, not with the entry chunk:\n${problems.join('\n')}`);
      }
    },
  };
}

/**
 * react-router's package exports only its development build (dist/development), whatever the mode;
 * the production build beside it (dist/production, the same files) differs in its dev warnings
 * being off. The browser bundle takes the production build: ~0.6 KiB gzip less before render,
 * and no development warnings in shoppers' consoles. The server renderer keeps the package's own.
 */
function reactRouterProductionBuild(): Plugin {
  const DEVELOPMENT = /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/])/;
  return {
    name: 'linea:react-router-production',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT.test(resolved.id)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT, '$1production$2');
      return existsSync(production) ? { ...resolved, id: production } : resolved;
    },
  };
}

/**
 * Lazy modules the app loads and awaits before it draws a page that is not prerendered (the
 * shell: cart, checkout): the runtime config's schema with zod (src/app/start.tsx checks the
 * config first) and the saved cart's reader (src/stores/cart-store.ts). The shell preloads them
 * with the app; a prerendered page needs neither before it is taken over.
 */
const DRAWN_PAGE_WAITS_FOR: readonly RegExp[] = [
  /[\\/]src[\\/]config[\\/]runtime-config-schema\.ts$/,
  /[\\/]src[\\/]stores[\\/]saved-cart\.ts$/,
];

/**
 * Writes each page's own chunks and styles into index.html (see src/server/route-assets.ts).
 * Chunks the entry already loads, and their styles, are not listed.
 */
function routeAssets(): Plugin {
  return {
    name: 'linea:route-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = new Map(
          Object.values(context.bundle)
            .filter((output) => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const eager = new Set<string>();
        const visitEager = (fileName: string): void => {
          const chunk = chunks.get(fileName);
          if (!chunk || eager.has(fileName)) return;
          eager.add(fileName);
          chunk.imports.forEach(visitEager);
        };
        for (const chunk of chunks.values()) if (chunk.isEntry) visitEager(chunk.fileName);

        const assets: RouteAssets = {};
        const collect = (fileName: string, skip: ReadonlySet<string>) => {
          const js = new Set<string>();
          const css = new Set<string>();
          const visit = (file: string): void => {
            const imported = chunks.get(file);
            if (!imported || skip.has(file) || js.has(file)) return;
            js.add(file);
            imported.viteMetadata?.importedCss.forEach((style) => css.add(style));
            imported.imports.forEach(visit);
          };
          visit(fileName);
          return { css: [...css].map((file) => `/${file}`), js: [...js].map((file) => `/${file}`), files: js };
        };
        // The app the entry loads: what a page drawn by the browser needs first (APP_ASSETS).
        const app = [...chunks.values()].find((chunk) =>
          /[\\/]src[\\/]app[\\/]start\.tsx$/.test(chunk.facadeModuleId ?? ''),
        );
        if (app) {
          const { files, ...appAssets } = collect(app.fileName, eager);
          files.forEach((file) => eager.add(file));
          // A page the browser draws waits for these before its first render (see
          // DRAWN_PAGE_WAITS_FOR): preloaded with the app, not asked for once the app has run.
          const awaited = DRAWN_PAGE_WAITS_FOR.map((module) => {
            const chunk = [...chunks.values()].find(
              (candidate) => candidate.isDynamicEntry && module.test(candidate.facadeModuleId ?? ''),
            );
            if (!chunk) throw new Error(`No lazy chunk of its own holds ${module} (DRAWN_PAGE_WAITS_FOR)`);
            return collect(chunk.fileName, eager);
          });
          assets[APP_ASSETS] = {
            css: [...new Set([...appAssets.css, ...awaited.flatMap((chunk) => chunk.css)])],
            js: [...new Set([...appAssets.js, ...awaited.flatMap((chunk) => chunk.js)])],
          };
        }
        for (const chunk of chunks.values()) {
          const page = chunk.isDynamicEntry
            ? /[\\/]src[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')
            : null;
          if (!page?.[1]) continue;
          const { files: _files, ...pageAssets } = collect(chunk.fileName, eager);
          assets[page[1]] = pageAssets;
        }
        const script = `<script id="${ROUTE_ASSETS_ELEMENT_ID}" type="application/json">${JSON.stringify(assets)}</script>`;
        return html.replace(/<\/head>/i, `  ${script}\n  </head>`);
      },
    },
  };
}

/**
 * The text face's Latin file, preloaded from the page's head: its stylesheet names it only once
 * the page's stylesheet has arrived and been read, and the text is shown in the stand-in face
 * until then (fonts.css). Preloaded, it arrives with the stylesheet instead of after it. The
 * other scripts' files are left to the stylesheet's unicode ranges.
 */
const PRELOADED_FONT = /^assets\/hanken-grotesk-latin-wght-normal-[\w-]+\.woff2$/;

function preloadTextFont(): Plugin {
  return {
    name: 'linea:preload-text-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((fileName) => PRELOADED_FONT.test(fileName));
        if (!font) throw new Error(`The build has no font file matching ${PRELOADED_FONT}: was fonts.css changed?`);
        const link = `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`;
        return html.replace(
          /(\s*)<link rel="stylesheet"/,
          (stylesheet, indent: string) => `${indent}${link}${stylesheet}`,
        );
      },
    },
  };
}

/**
 * Framework code changes far less often than the app: it is kept apart in one long-cached
 * chunk, which the app (src/app/start.tsx, loaded by the entry once the page is painted) imports.
 * (Rolldown's `$initial` tag, which could keep the parts only lazy routes use apart, names what
 * the entry imports statically: since the entry loads the app lazily, nothing.) Everything else
 * is split by Rolldown along the lazy routes.
 */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand)[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    reactRouterProductionBuild(),
    keepOutOfEntry(),
    dictionaryHints(),
    routeAssets(),
    preloadTextFont(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One build for every stage: the host embeds the runtime config in index.html.
    sourcemap: false,
    // .vite/manifest.json: which file each source module became; build/check-budgets.ts reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: VENDOR }],
        },
      },
    },
  },
});
