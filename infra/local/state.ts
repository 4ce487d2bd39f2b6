/**
 * What the launcher remembers between starts of a persistent local cloud: the ids cognito-local
 * generated and the admin's password (stable across restarts, printed at every start),
 * whether the catalogue has been seeded, and what the pages were rendered from. Lives in
 * <persistDir>/local-state.json.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from './atomic-file';

export interface LocalState {
  userPoolId?: string;
  userPoolClientId?: string;
  adminEmail: string;
  adminPassword: string;
  catalogueSeededAt?: string;
  promoCodesSeededAt?: string;
  demoOrdersSeededAt?: string;
  /** What the site bucket's pages were last rendered from in full (pages-fingerprint.ts). */
  pagesRenderedFrom?: string;
}

export const ADMIN_EMAIL = 'admin@linea.local';

/**
 * 20 random characters in four groups, plus one of each class Cognito's default policy asks for;
 * no look-alike characters, because people type it from the console.
 */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}-${chars.slice(15, 20)}-Aa1`;
}

function stateFile(persistDir: string): string {
  return join(persistDir, 'local-state.json');
}

export function loadState(persistDir: string | undefined): LocalState {
  if (persistDir && existsSync(stateFile(persistDir))) {
    return JSON.parse(readFileSync(stateFile(persistDir), 'utf8')) as LocalState;
  }
  return { adminEmail: ADMIN_EMAIL, adminPassword: generatePassword() };
}

export function saveState(persistDir: string | undefined, state: LocalState): void {
  if (persistDir) writeFileAtomically(stateFile(persistDir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
