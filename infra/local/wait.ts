import type { ManagedChild } from './processes';

const POLL_MS = 50;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Polls `ready` until it returns true, failing fast (with the child's last output) when the
 * child exits first, so a broken stand-in shows why instead of a timeout.
 */
export async function waitFor(
  what: string,
  child: ManagedChild,
  ready: () => Promise<boolean>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      const { code, signal } = await child.exited;
      throw new Error(
        `${what} exited during start-up (code ${code}, signal ${signal}). Its last output:\n${child.tail()}`,
      );
    }
    try {
      if (await ready()) return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, POLL_MS));
  }
  throw new Error(
    `${what} was not ready after ${timeoutMs / 1000} s (last error: ${(lastError as Error | undefined)?.message ?? 'none'}). ` +
      `Its last output:\n${child.tail()}`,
  );
}

/** True when an HTTP GET of `url` answers with a 2xx status. */
export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  await response.arrayBuffer();
  return response.ok;
}
