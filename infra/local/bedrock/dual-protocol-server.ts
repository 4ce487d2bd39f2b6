/** The stand-in's HTTP server: HTTP/2 for the AWS SDK and HTTP/1.1 for people and tests, on one port. */
import { createServer as createHttp1Server } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { RunningServer } from '../http-server';
import { BEDROCK_ERRORS, ERROR_NAMESPACE } from './errors';

/** What both protocols' requests and responses have in common, as far as this server uses them. */
export interface Incoming extends AsyncIterable<Buffer | string> {
  readonly method?: string;
  readonly url?: string;
}
export interface Outgoing {
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
  once(event: 'close', listener: () => void): unknown;
}

export class BodyTooLarge extends Error {}

export async function readBody(req: Incoming, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: Outgoing, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const payload = JSON.stringify(body);
  try {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      ...headers,
    });
    res.end(payload);
  } catch {
    // The caller went away (an HTTP/2 stream closed under us): nobody is left to answer.
  }
}

/** Waits `ms`; false when the caller hung up meanwhile. */
export function pause(ms: number, res: Outgoing): Promise<boolean> {
  return new Promise((resolvePause) => {
    const timer = setTimeout(() => resolvePause(true), ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolvePause(false);
    });
  });
}

/**
 * One port, both protocols: the AWS SDK's Bedrock client speaks HTTP/2 (prior knowledge on
 * http://), fetch and curl HTTP/1.1. A connection whose first bytes are HTTP/2's preface
 * ("PRI * HTTP/2.0") goes to the HTTP/2 server, every other to the HTTP/1.1 one. Loopback only.
 */
export function listenBoth(
  name: string,
  port: number,
  handle: (req: Incoming, res: Outgoing) => Promise<void>,
): Promise<RunningServer> {
  const guarded = (req: Incoming, res: Outgoing): void => {
    handle(req, res).catch((err: unknown) => {
      console.error(`[${name}] request failed:`, err);
      send(
        res,
        500,
        { message: BEDROCK_ERRORS.InternalServerException.message },
        {
          'x-amzn-errortype': `InternalServerException:${ERROR_NAMESPACE}`,
        },
      );
    });
  };
  const http1 = createHttp1Server(guarded);
  http1.keepAliveTimeout = 5_000;
  const http2 = createHttp2Server(guarded);
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client that resets before saying anything must not crash the process.
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first.subarray(0, 3).toString('latin1') === 'PRI' ? http2 : http1).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
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
            for (const socket of sockets) socket.destroy();
            http1.closeAllConnections();
          }),
      });
    });
  });
}
