/**
 * The end of `npm run build`: judges the finished web/dist against WEB_BUDGETS (./budgets.ts).
 * Exits 1 with one line per figure over its ceiling; prints a warning per figure above its
 * target, and a short table.
 *
 *   npx tsx web/build/check-budgets.ts [distDir]
 */
import { fileURLToPath } from 'node:url';
import { budgetTable, judgeWebFigures, measureWebDist, type WebFigure } from './budgets';

const distDir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
let figures: WebFigure[];
try {
  figures = [...measureWebDist(distDir).figures];
} catch (err) {
  console.error(`error: cannot measure ${distDir}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const { breaches, warnings } = judgeWebFigures(figures);

console.log('\nSize budgets (gzip level 9; web/build/budgets.ts):');
for (const line of budgetTable(figures)) console.log(`  ${line}`);
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (breaches.length) {
  for (const breach of breaches) console.error(`error: ${breach}`);
  console.error(`\nThe build is over ${breaches.length === 1 ? 'a budget' : `${breaches.length} budgets`}.`);
  process.exit(1);
}
