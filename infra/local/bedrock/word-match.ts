/** Finding the tables' words in a question: tokens, `*` patterns, phrases. */
import { normaliseForSearch } from '../../../shared/domain/search';
import type { Words } from './word-tables';

interface WordPattern {
  readonly word: string;
  readonly anyEnding: boolean;
  readonly anyBeginning: boolean;
}

const compiled = new Map<string, readonly WordPattern[]>();

function compile(entry: string): readonly WordPattern[] {
  let pattern = compiled.get(entry);
  if (!pattern) {
    pattern = entry
      .split(/[\s-]+/)
      .filter(Boolean)
      .map((part) => ({
        word: normaliseForSearch(part.replace(/\*/g, '')),
        anyEnding: part.endsWith('*'),
        anyBeginning: part.startsWith('*'),
      }));
    compiled.set(entry, pattern);
  }
  return pattern;
}

function wordMatches(token: string, part: WordPattern): boolean {
  if (part.anyBeginning && part.anyEnding) return token.includes(part.word);
  if (part.anyEnding) return token.startsWith(part.word);
  if (part.anyBeginning) return token.endsWith(part.word);
  return token === part.word;
}

export type Span = readonly [start: number, end: number];

/** Every place where one of `words` (either language) occurs in `tokens`, as [start, end). */
export function spansOf(tokens: readonly string[], words: Words | readonly string[]): Span[] {
  const entries = Array.isArray(words)
    ? (words as readonly string[])
    : [...(words as Words).en, ...(words as Words).de];
  const found: Span[] = [];
  for (const entry of entries) {
    const pattern = compile(entry);
    if (!pattern.length) continue;
    for (let start = 0; start + pattern.length <= tokens.length; start += 1) {
      if (pattern.every((part, offset) => wordMatches(tokens[start + offset] as string, part))) {
        found.push([start, start + pattern.length]);
      }
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** A question's words as the tables see them: normalised, apostrophes dropped ("where's" is "wheres"). */
export function tokenise(text: string): string[] {
  return normaliseForSearch(text.replace(/['’`´]/g, ''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
