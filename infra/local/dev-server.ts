/**
 * The web app served from its sources by Vite, with hot module replacement (React Fast Refresh),
 * against a running local cloud: the page talks to one origin as it does under `npm start`.
 * `/api/*` goes to the local API gateway through the local web server's own proxy (api-proxy.ts:
 * the prefix off, X-Forwarded-For appended, the gateway's body cap), every HTML page carries the
 * runtime config the local web server embeds (web-host.ts), and `/media/*` is passed to the
 * local web server, which serves it from the media bucket as CloudFront does.
 *
 * What it does not do (production concerns): prerendered pages, the CloudFront Function's page
 * routing, security headers (their Content Security Policy would refuse Vite's inline refresh
 * preamble and its websocket), compression and long caching.
 */
import { createServer, type Plugin } from 'vite';
import { withRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { createApiProxy } from './api-proxy';
import type { LocalCloudEndpoints } from './cloud';
import { DEV_HOST, devPortTakenError } from './dev-port';
import { WEB_DIR } from './paths';
import { DEFAULT_MAX_REQUEST_BYTES, localWebRuntimeConfig, type UserPoolEndpoints } from './web-host';

export type DevServerCloud = UserPoolEndpoints & Pick<LocalCloudEndpoints, 'apiUrl' | 'webUrl'>;

export interface DevServerOptions {
  /** The running local cloud, as `npm start` writes it to local-endpoints.json. */
  readonly cloud: DevServerCloud;
  /** 0 means any free port. A taken port fails the start rather than moving elsewhere. */
  readonly port: number;
  /** Each `/api/*` request as it is answered. */
  readonly log: (line: string) => void;
}

export interface RunningDevServer {
  /** The app's address, e.g. http://localhost:5173. */
  readonly url: string;
  close(): Promise<void>;
}

/** The local web server's part of hosting the app, for Vite's dev server: `/api/*` and the runtime config. */
export function localHostPlugin(cloud: DevServerCloud, log: (line: string) => void): Plugin {
  const config = localWebRuntimeConfig(cloud);
  const api = createApiProxy({ target: cloud.apiUrl, maxRequestBytes: DEFAULT_MAX_REQUEST_BYTES, log });
  return {
    name: 'linea:local-host',
    apply: 'serve',
    configureServer(server) {
      // Added here rather than in a returned hook: it runs before Vite's own middlewares, so an
      // `/api/*` path never reaches the SPA fallback.
      server.middlewares.use((req, res, next) => {
        if (api.targetPath(req.url ?? '/') === undefined) {
          next();
          return;
        }
        api.forward(req, res);
      });
      server.httpServer?.once('close', () => api.close());
    },
    transformIndexHtml: {
      // After Vite's own tags (the refresh preamble), so the config is the head's last element as
      // the hosts write it.
      order: 'post',
      handler: (html) => withRuntimeConfig(html, config),
    },
  };
}

export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const server = await createServer({
    // web/vite.config.ts as it is (React Fast Refresh included), with this host added to it.
    configFile: `${WEB_DIR}/vite.config.ts`,
    root: WEB_DIR,
    mode: 'development',
    clearScreen: false,
    plugins: [localHostPlugin(options.cloud, options.log)],
    server: {
      host: DEV_HOST,
      port: options.port,
      strictPort: true,
      proxy: { '/media/': { target: options.cloud.webUrl } },
    },
  });
  try {
    await server.listen();
  } catch (err) {
    await server.close();
    // Vite's own words for a taken port under strictPort.
    throw (err as Error).message.includes('already in use') ? devPortTakenError(options.port, err) : err;
  }
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!url) {
    await server.close();
    throw new Error('Vite started without a local address');
  }
  return { url, close: () => server.close() };
}
