/**
 * localStorage that never throws: it is unavailable in some private modes and when a site's
 * storage is blocked, and the shop must still work then (only without persistence).
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state still applies.
  }
}
