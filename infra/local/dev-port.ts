/**
 * Where `npm run dev` serves the web app, and the origins its pages have. Apart from
 * dev-server.ts so that `npm start` can name those origins without loading Vite.
 */
import { createServer } from 'node:net';

/** Vite's own default, clear of every port `npm start` takes (ports.ts). */
export const DEFAULT_DEV_PORT = 5173;

/** `--dev-port <n>` / `--dev-port=<n>`, else LINEA_DEV_PORT, else the default; 0 is any free port. */
export function devPort(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  let raw: string | undefined;
  let from = 'LINEA_DEV_PORT';
  argv.forEach((arg, i) => {
    if (arg === '--dev-port') raw = argv[i + 1];
    else if (arg.startsWith('--dev-port=')) raw = arg.slice('--dev-port='.length);
    else return;
    from = '--dev-port';
  });
  raw ??= env.LINEA_DEV_PORT;
  if (raw === undefined || raw === '') return DEFAULT_DEV_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${from}: "${raw}" is not a port number (0-65535)`);
  return port;
}

/**
 * The dev server's origins. The local cloud lets them do what it lets its own site do: the
 * admin's photo uploads go from the page straight to the S3 stand-in, which answers CORS only
 * for origins it knows. (The API needs none: the page reaches it on its own origin.)
 */
export function devServerOrigins(port: number): string[] {
  return port === 0 ? [] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** The host the dev server listens on, as its pages' URL names it. */
export const DEV_HOST = 'localhost';

export function devPortTakenError(port: number, cause: unknown): Error {
  return new Error(
    `Port ${port} for the dev server is already in use. Stop whatever holds it (an earlier ` +
      '`npm run dev` perhaps) or pick another: LINEA_DEV_PORT=<port> npm run dev',
    { cause },
  );
}

/** Fails now, not after a local cloud was started for nothing, when the dev server's port is taken. */
export async function assertDevPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen({ port, host: DEV_HOST, exclusive: true }, resolveListen);
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw devPortTakenError(port, err);
    throw err;
  } finally {
    await new Promise((resolveClose) => server.close(resolveClose));
  }
}
