/**
 * Serves the production build of web/ as CloudFront serves it from S3: static files with their
 * content types, compressed when the browser accepts it, hashed assets cached for a year,
 * everything else revalidated, unknown paths answered with index.html (the SPA fallback). Every
 * HTML page carries the runtime config (a JSON script element), as the index.html CDK deploys
 * does, and `/api/*` goes to the local API gateway, as CloudFront's `/api/*` behaviour goes to
 * API Gateway: the browser talks to one origin only.
 */
import { API_PATH, withRuntimeConfig, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { buildRobotsTxt } from '@linea/shared/domain/site-map';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { ApiProxy } from './api-proxy';
import { listen, type RunningServer } from './http-server';
import { cookieValue, LANGUAGE_COOKIE } from '@linea/shared/i18n/language-choice';
import { routeViewerRequest } from '@linea/web/server/page-routing';
import { securityHeaderLines, type SecurityHeaders } from '../security-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
/** Vite puts content-hashed files under assets/ with a hash in the name: safe to cache forever. */
const HASHED_ASSET = /^\/assets\/.+[.-][A-Za-z0-9_-]{8,}\.\w+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface Variant {
  readonly body: Buffer;
  readonly encoding?: 'br' | 'gzip';
}

interface CachedFile {
  /** What the object said of itself (a page from the site bucket); files decide by their path. */
  readonly cacheControl?: string;
  /** @default 200 */
  readonly status?: number;
  readonly mtimeMs: number;
  readonly size: number;
  readonly etag: string;
  readonly type: string;
  readonly identity: Buffer;
  compressed: Map<'br' | 'gzip', Buffer>;
}

export interface WebServerOptions {
  readonly port: number;
  readonly distDir: string;
  /** The site's own URL as shoppers use it (robots.txt names the sitemap under it). */
  readonly siteUrl: string;
  /** Embedded in every HTML page served (web/src/config reads it); `apiUrl` is `/api` with `api` given. */
  readonly config: WebRuntimeConfig;
  /** Where `/api/*` goes, prefix removed (CloudFront's /api/* behaviour). */
  readonly api: ApiProxy;
  /**
   * On every answer, the API's included, as CloudFront's response headers policy adds them
   * (infra/security-headers.ts, with the local origins). HSTS too: browsers ignore it over plain
   * HTTP (RFC 6797, 8.1), so it is harmless here and the browser tests see the cloud's header set.
   */
  readonly securityHeaders: SecurityHeaders;
  /** The bucket whose `media/` objects are served under `/media/` (CloudFront's /media/* behaviour). */
  readonly media?: { readonly endpoint: string; readonly bucket: string };
  /**
   * The site bucket whose prerendered pages answer page paths, picked by the CloudFront
   * Function's own code (web/src/server/page-routing.ts). A page path the bucket has no page for
   * goes to `fallback` (the API gateway's GET /pages/{page+}, CloudFront's failover origin); with
   * no site at all (pages not rendered yet) index.html answers.
   */
  readonly pages?: { readonly endpoint: string; readonly bucket: string; readonly fallback: string };
  readonly log: (line: string) => void;
}

/** The one cookie the page routing reads, as CloudFront Functions would see it. */
function languageCookieOf(header: string | undefined): Record<string, string> {
  const value = cookieValue(header, LANGUAGE_COOKIE);
  return value === undefined ? {} : { [LANGUAGE_COOKIE]: value };
}

export function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const cache = new Map<string, CachedFile>();
  const securityHeaders = securityHeaderLines(options.securityHeaders);
  // As CDK writes it at deploy: the sitemap is the API's, under the site's own origin.
  const robotsBody = Buffer.from(buildRobotsTxt(`${options.siteUrl.replace(/\/$/, '')}${API_PATH}`));

  /** Reads a file once per version (mtime and size), so a rebuild while running is picked up. */
  const load = (file: string): CachedFile => {
    const stat = statSync(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    const raw = readFileSync(file);
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Every page carries the config, so the app starts without asking for it.
    const identity = type.startsWith('text/html')
      ? Buffer.from(withRuntimeConfig(raw.toString('utf8'), options.config))
      : raw;
    const entry: CachedFile = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      type,
      identity,
      compressed: new Map(),
    };
    cache.set(file, entry);
    return entry;
  };

  /** Pages by their bucket path, kept while the object is unchanged (compressed once). */
  const pageCache = new Map<string, CachedFile>();

  /** The page CloudFront would serve for this request, from the site bucket; undefined if it is not there. */
  const loadPage = async (req: IncomingMessage, url: URL): Promise<CachedFile | undefined> => {
    if (!options.pages) return undefined;
    const pagePath = routeViewerRequest({
      url,
      cookies: languageCookieOf(req.headers.cookie),
      acceptLanguage: req.headers['accept-language'],
    });
    if (!pagePath) return undefined;
    let upstream = await fetch(`${options.pages.endpoint}/${options.pages.bucket}${pagePath}`);
    if (upstream.status === 403 || upstream.status === 404)
      upstream = await fetch(`${options.pages.fallback}${pagePath}`);
    if (!upstream.ok && upstream.status !== 404) return undefined;
    if (!upstream.ok && !upstream.headers.get('content-type')?.startsWith('text/html')) return undefined;
    const identity = Buffer.from(await upstream.arrayBuffer());
    const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
    const cached = pageCache.get(pagePath);
    if (cached?.etag === etag && cached.status === upstream.status) return cached;
    const entry: CachedFile = {
      status: upstream.status,
      mtimeMs: 0,
      size: identity.length,
      etag,
      type: upstream.headers.get('content-type') ?? 'text/html; charset=utf-8',
      cacheControl: upstream.headers.get('cache-control') ?? REVALIDATE,
      identity,
      compressed: new Map(),
    };
    pageCache.set(pagePath, entry);
    return entry;
  };

  const pick = (entry: CachedFile, acceptEncoding: string): Variant => {
    if (!COMPRESSIBLE.test(entry.type) || entry.identity.length < 1024) return { body: entry.identity };
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
    if (!encoding) return { body: entry.identity };
    let body = entry.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(entry.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(entry.identity, { level: 9 });
      entry.compressed.set(encoding, body);
    }
    return { body, encoding };
  };

  /** Maps a URL path to a file inside distDir, or undefined (never outside it). */
  const fileFor = (pathname: string): string | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const candidate = normalize(join(options.distDir, decoded));
    if (!candidate.startsWith(options.distDir + sep)) return undefined;
    return existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: Buffer,
  ): void => {
    res.writeHead(status, { ...securityHeaders, ...headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    options.log(`[web] ${req.method} ${req.url} ${status}`);
  };

  /** Passes a /media/ request to the bucket, as CloudFront's origin access does: no listing, no uploads/. */
  const serveMedia = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    const media = options.media as NonNullable<WebServerOptions['media']>;
    const upstream = await fetch(`${media.endpoint}/${media.bucket}${pathname}`, { method: req.method });
    if (!upstream.ok) {
      // S3 answers 404 (or 403) for a missing key; the shop's own 404 says the same in plain text.
      send(
        req,
        res,
        404,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        Buffer.from('Not Found'),
      );
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'cache-control', 'etag']) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
    send(req, res, 200, headers, Buffer.from(await upstream.arrayBuffer()));
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    handlePage(req, res).catch((err: unknown) =>
      send(req, res, 502, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from(String(err))),
    );
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Any method: the API has its own routes and answers unknown ones itself.
    if (options.api.targetPath(req.url ?? '/') !== undefined) {
      options.api.forward(req, res, securityHeaders);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    if (options.media && url.pathname.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD')) {
      serveMedia(req, res, url.pathname).catch((err: unknown) =>
        send(req, res, 502, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from(String(err))),
      );
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(
        req,
        res,
        405,
        { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
        Buffer.from('Method Not Allowed'),
      );
      return;
    }
    // Generated, as CDK generates it at deploy: one web build serves every environment.
    if (url.pathname === '/robots.txt') {
      send(req, res, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }, robotsBody);
      return;
    }
    const index = join(options.distDir, 'index.html');
    if (!existsSync(index)) {
      send(
        req,
        res,
        503,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        Buffer.from(`The web app is not built (${index} is missing). Run \`npm run build\`, then reload.\n`),
      );
      return;
    }
    const page = await loadPage(req, url);
    if (page) {
      serveEntry(req, res, page, page.cacheControl ?? REVALIDATE);
      return;
    }
    const direct = url.pathname === '/' ? undefined : fileFor(url.pathname);
    // A missing file with an extension is a real 404 (a stale asset), not a client-side route.
    if (!direct && url.pathname !== '/' && extname(url.pathname) && !url.pathname.endsWith('.html')) {
      send(
        req,
        res,
        404,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        Buffer.from('Not Found'),
      );
      return;
    }
    const file = direct ?? index;
    serveEntry(req, res, load(file), direct && HASHED_ASSET.test(url.pathname) ? IMMUTABLE : REVALIDATE);
  };

  const serveEntry = (req: IncomingMessage, res: ServerResponse, entry: CachedFile, cacheControl: string): void => {
    if (req.headers['if-none-match'] === entry.etag) {
      send(req, res, 304, { etag: entry.etag, 'cache-control': cacheControl }, Buffer.alloc(0));
      return;
    }
    const variant = pick(entry, String(req.headers['accept-encoding'] ?? ''));
    send(
      req,
      res,
      entry.status ?? 200,
      {
        'content-type': entry.type,
        'cache-control': cacheControl,
        etag: entry.etag,
        vary: 'accept-encoding',
        ...(variant.encoding ? { 'content-encoding': variant.encoding } : {}),
      },
      variant.body,
    );
  };

  return listen('web', options.port, handle);
}
