import { renameSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole or not at all: to a temporary name beside it, then renamed over it. A
 * launcher killed mid-write (SIGKILL, a full disk) leaves the old file or a stray `.tmp`, never
 * half a JSON document that the next start or a redrive would choke on.
 */
export function writeFileAtomically(file: string, text: string, options: { mode?: number } = {}): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, options);
  renameSync(temp, file);
}
