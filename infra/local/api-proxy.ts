/**
 * The web server's `/api/*`: what CloudFront's `/api/*` behaviour does in front of API Gateway.
 * The prefix comes off, the request goes on to the local API gateway with its method, headers
 * (Authorization included; Host becomes the gateway's own, as with the managed policy
 * AllViewerExceptHostHeader) and body, and the answer comes back with its status and headers.
 * Bodies stream both ways. The client's address is appended to `X-Forwarded-For`, as CloudFront
 * appends the viewer's; the gateway takes it as `sourceIp` only from this proxy's own
 * connections (`isProxyConnection`), so no other local client can choose its address.
 */
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { API_PATH } from '@linea/shared/contracts/runtime-config';

export interface ApiProxyOptions {
  /** The local API gateway, e.g. http://127.0.0.1:4000. */
  readonly target: string;
  /** The gateway's own cap on request bodies: a larger body is refused here with the gateway's 413. */
  readonly maxRequestBytes: number;
  readonly log: (line: string) => void;
}

export interface ApiProxy {
  /** The gateway's request target for one under `/api/` (prefix off, query kept), else undefined. */
  targetPath(rawUrl: string): string | undefined;
  /** Passes the request to the gateway and its answer back; never throws. */
  forward(req: IncomingMessage, res: ServerResponse, extraHeaders?: Record<string, string>): void;
  /** Whether the gateway's request arrived on one of this proxy's connections. */
  isProxyConnection(req: IncomingMessage): boolean;
  close(): void;
}

/** Connection-level headers: they describe one hop, not the request (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(
  headers: IncomingMessage['headers'],
  drop: readonly string[] = [],
): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name) || drop.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The peer's address as the gateway reports addresses: IPv4 without the IPv6 mapping prefix. */
export function peerAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

function sendError(res: ServerResponse, status: number, error: string, message: string, details?: object): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error, message, ...(details ? { details } : {}) });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  });
  res.end(body);
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const target = new URL(options.target);
  // A fresh connection per request: a kept-alive one can be closed by the gateway's idle timeout
  // just as it is reused, and the request then fails with ECONNRESET (a 502 seen in CI). On
  // loopback a connection costs next to nothing.
  const agent = new Agent({ keepAlive: false });
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    if (sockets.has(socket)) return;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const tooLarge = (res: ServerResponse): void =>
    sendError(res, 413, 'PAYLOAD_TOO_LARGE', 'Request Entity Too Large', { limitBytes: options.maxRequestBytes });

  // CloudFront's path pattern /api/*: /api itself is not under it (the app's own page answers it).
  const targetPath = (rawUrl: string): string | undefined =>
    rawUrl.startsWith(`${API_PATH}/`) ? rawUrl.slice(API_PATH.length) : undefined;

  return {
    targetPath,

    forward(req, res, extraHeaders = {}) {
      const started = Date.now();
      const path = targetPath(req.url ?? '/') ?? '/';
      if (Number(req.headers['content-length'] ?? 0) > options.maxRequestBytes) {
        req.resume();
        tooLarge(res);
        options.log(`[web] ${req.method} ${req.url} -> api 413 (body over ${options.maxRequestBytes} bytes)`);
        return;
      }
      const client = peerAddress(req);
      const forwardedFor = req.headers['x-forwarded-for'];
      const headers = {
        ...endToEnd(req.headers, ['host']),
        'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client,
        'x-forwarded-proto': 'http',
      };

      let answered = false;
      const upstream = httpRequest(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path,
          headers,
          agent,
        },
        (reply) => {
          answered = true;
          res.writeHead(reply.statusCode ?? 502, { ...endToEnd(reply.headers), ...extraHeaders });
          reply.pipe(res);
          reply.once('end', () =>
            options.log(`[web] ${req.method} ${req.url} -> api ${reply.statusCode} ${Date.now() - started} ms`),
          );
          reply.once('error', () => res.destroy());
        },
      );
      upstream.on('socket', track);
      upstream.on('error', (err) => {
        if (answered) return;
        sendError(res, 502, 'INTERNAL', 'Bad Gateway');
        options.log(`[web] ${req.method} ${req.url} -> api failed: ${err.message}`);
      });
      // A client that goes away mid-request takes the upstream request with it.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });

      // A body without a length is counted as it streams; past the limit, no more of it goes on.
      let size = 0;
      const count = (chunk: Buffer): void => {
        size += chunk.length;
        if (size <= options.maxRequestBytes) return;
        req.off('data', count);
        req.unpipe(upstream);
        req.resume();
        if (answered) {
          // The gateway already refused it with its own 413, which is on its way back.
          upstream.end();
          return;
        }
        answered = true;
        upstream.destroy();
        tooLarge(res);
      };
      req.on('data', count);
      req.pipe(upstream);
    },

    isProxyConnection(req) {
      const port = req.socket.remotePort;
      const address = peerAddress(req);
      if (address !== '127.0.0.1' && address !== '::1') return false;
      for (const socket of sockets) if (socket.localPort === port) return true;
      return false;
    },

    close() {
      agent.destroy();
      sockets.clear();
    },
  };
}
