/**
 * axe-core's WCAG 2.2 AA rules on what a page shows now: one line per failing element, with the
 * rule, its impact and axe's summary, so a finding can be fixed without re-running anything.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Puts axe-core into the page (once) as DevTools runs code, not as a script element: that would
 * be an inline script, which the shop's Content Security Policy refuses.
 */
export async function loadAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
}

export async function axeViolations(page: Page): Promise<{ rule: string; detail: string }[]> {
  await loadAxe(page);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: { runOnly: string[] }) => Promise<{ violations: AxeViolation[] }> };
    };
    return (await axe.run(document, { runOnly: tags })).violations;
  }, WCAG_AA);
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`,
      detail: `${node.target.map(String).join(' ')} :: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    })),
  );
}

/** The same findings as one line each, for `expect(lines).toEqual([])` to print in full. */
export async function axeFindingLines(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(({ rule, detail }) => `${rule} at ${detail}`);
}
