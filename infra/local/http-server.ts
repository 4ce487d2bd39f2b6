/** Small helpers shared by the in-process HTTP servers (gateway, bus, Lambda API, web). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes`);
  }
}

/** Reads the whole body, refusing (without buffering further) once it passes `limitBytes`. */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) {
        req.off('data', onData);
        // Keep draining so the client can read our answer instead of seeing a reset.
        req.resume();
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolveBody(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Listens on loopback only: nothing local should be reachable from the network. */
export function listen(
  name: string,
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((err: unknown) => {
        console.error(`[${name}] request failed:`, err);
        if (!res.headersSent) sendJson(res, 500, { error: 'INTERNAL', message: 'Internal error' });
        else res.destroy();
      });
  });
  // Keep-alive sockets would otherwise hold close() open until they time out.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolveServer, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${port} for ${name} is already in use`, { cause: err }) : err);
    });
    server.listen(port, '127.0.0.1', () => {
      const actual = (server.address() as AddressInfo).port;
      resolveServer({
        url: `http://127.0.0.1:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((resolveClose) => {
            server.close(() => resolveClose());
            server.closeAllConnections();
          }),
      });
    });
  });
}
