/**
 * Tap to next paint: how long a phone shows nothing new after a tap, measured as INP measures it.
 * Each tap is a real touch (playwright-core's tap) on a product page in a fresh context (a first
 * visit: nothing stored, nothing cached), in a mobile viewport with the CPU slowed down 4× through
 * CDP (`Emulation.setCPUThrottlingRate`), once the tapped element is hydrated, the page has done
 * starting (the shop assistant's button, the last thing it loads, is there) and is idle.
 *
 * The page itself reports the interaction through the Event Timing API: every entry of the tap's
 * interaction (pointerdown, pointerup, click) lasts from the input to the next paint after its
 * handlers ran; the interaction's latency is the longest of them. Entries shorter than the API's
 * smallest threshold (16 ms) are not reported at all: such a tap counts as "under 16 ms".
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { paths } from '../../web/src/config/paths';
import { median } from './stats';
import { launchBrowser, PATIENCE_MS, shopper, unchosenSize, whenHydrated, whenIdle } from './web-browser';

export const TAPS_PER_INTERACTION = 5;
export const CPU_SLOWDOWN = 4;
/** The Core Web Vitals "good" line for INP. */
export const GOOD_INTERACTION_MS = 200;
const EVENT_TIMING_THRESHOLD_MS = 16;
/** Lighthouse's mobile screen (a Moto G Power), so the taps meet the layout Lighthouse measures. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** How long after the tap's frame an entry of its click may still arrive before the tap counts as under the threshold. */
const LATE_ENTRY_MS = 1_000;

/**
 * Runs in every page before the app: keeps the Event Timing entries of interactions and the time
 * of the last click. A string, so that it reaches the page exactly as written (see web-browser.ts).
 */
const WATCH_INTERACTIONS = `
  window.__benchEvents = [];
  window.__benchLastClick = -1;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId > 0) {
        window.__benchEvents.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
      }
    }
  }).observe({ type: 'event', durationThreshold: ${EVENT_TIMING_THRESHOLD_MS}, buffered: true });
  addEventListener('click', () => { window.__benchLastClick = performance.now(); }, { capture: true });
`;

interface InteractionEntry {
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
  readonly interactionId: number;
}

interface BenchWindow {
  __benchEvents: InteractionEntry[];
  __benchLastClick: number;
}

/** One tap's latency in ms, or 'under threshold' when the page reported no entry of it. */
export type TapLatency = number | 'under threshold';

interface Interaction {
  readonly label: string;
  /** Brings the page to the moment before the tap and returns what is tapped. */
  prepare(page: Page): Promise<Locator>;
  /** Throws unless the tap did what a shopper tapped for: a tap that did nothing measured nothing. */
  confirm(page: Page, tapped: Locator): Promise<void>;
}

const INTERACTIONS: readonly Interaction[] = [
  {
    label: 'choose a size',
    prepare: (page) => unchosenSize(page),
    confirm: async (_page, size) => {
      if (!(await size.isChecked())) throw new Error('the size tapped is not chosen');
    },
  },
  {
    label: 'add to cart',
    prepare: async (page) => {
      const size = await unchosenSize(page);
      await whenHydrated(size);
      await size.check();
      return shopper.addToCart(page);
    },
    confirm: (page) => shopper.cartLink(page, 1).waitFor(),
  },
  {
    label: 'open the chat',
    prepare: async (page) => shopper.chatLauncher(page),
    confirm: (page) => shopper.chatPanel(page).waitFor(),
  },
];

async function tapOnce(context: BrowserContext, productHref: string, interaction: Interaction): Promise<TapLatency> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(productHref);
    const target = await interaction.prepare(page);
    await whenHydrated(target);
    await shopper.chatLauncher(page).waitFor();
    await whenIdle(page);

    const since = await page.evaluate(() => performance.now());
    await target.tap();
    // The click a tap makes follows its touchend; its entry comes with the paint after it.
    await page.waitForFunction((after) => (window as unknown as BenchWindow).__benchLastClick >= after, since);
    const entries = await page.evaluate(
      ([after, lateMs]) =>
        new Promise<InteractionEntry[]>((resolve) => {
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const deadline = performance.now() + lateMs;
              const timer = setInterval(() => {
                const ofTap = (window as unknown as BenchWindow).__benchEvents.filter((e) => e.startTime >= after);
                if (ofTap.some((e) => e.name === 'click') || performance.now() > deadline) {
                  clearInterval(timer);
                  resolve(ofTap);
                }
              }, 20);
            }),
          );
        }),
      [since, LATE_ENTRY_MS] as const,
    );
    await interaction.confirm(page, target);
    if (problems.length) throw new Error(`the page failed: ${problems.join('; ')}`);
    return interactionLatency(entries);
  } catch (error) {
    throw new Error(`Tap "${interaction.label}" on ${productHref}: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  } finally {
    await page.close();
  }
}

/** The interaction's latency: its longest entry (the interaction of the click, if there are several). */
export function interactionLatency(entries: readonly InteractionEntry[]): TapLatency {
  if (entries.length === 0) return 'under threshold';
  const clickId = entries.find((e) => e.name === 'click')?.interactionId;
  const ofTap = clickId === undefined ? entries : entries.filter((e) => e.interactionId === clickId);
  return Math.max(...ofTap.map((e) => e.duration));
}

/** The median tap; taps under the threshold sort first, and a median among them reads as such. */
export function medianLatency(taps: readonly TapLatency[]): TapLatency {
  const values = taps.map((tap) => (tap === 'under threshold' ? 0 : tap));
  const middle = median(values);
  return middle < EVENT_TIMING_THRESHOLD_MS ? 'under threshold' : middle;
}

export const formatLatency = (tap: TapLatency): string =>
  tap === 'under threshold' ? `<${EVENT_TIMING_THRESHOLD_MS} ms` : `${Math.round(tap)} ms`;

export interface TapResult {
  readonly label: string;
  readonly taps: readonly TapLatency[];
}

/**
 * Lighthouse's benchmarkIndex, computed as Lighthouse computes it (its own page function, on a
 * blank page, not throttled): what the tap figures of this machine compare by.
 */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  } finally {
    await page.close();
  }
}

export interface TapsMeasured {
  readonly results: readonly TapResult[];
  readonly benchmarkIndex: number;
}

/** TAPS_PER_INTERACTION taps of each interaction on the product page, each in a fresh context. */
export async function measureTaps(
  webUrl: string,
  productId: string,
  onTap: (label: string, tap: TapLatency) => void,
): Promise<TapsMeasured> {
  const browser = await launchBrowser();
  try {
    const index = await benchmarkIndex(browser);
    const results: TapResult[] = [];
    for (const interaction of INTERACTIONS) {
      const taps: TapLatency[] = [];
      for (let tap = 0; tap < TAPS_PER_INTERACTION; tap++) {
        const context = await browser.newContext({ baseURL: webUrl, locale: 'en-US', ...PHONE });
        context.setDefaultTimeout(PATIENCE_MS);
        context.setDefaultNavigationTimeout(PATIENCE_MS);
        await context.addInitScript({ content: WATCH_INTERACTIONS });
        try {
          const latency = await tapOnce(context, paths.product.getHref(productId), interaction);
          taps.push(latency);
          onTap(interaction.label, latency);
        } finally {
          await context.close();
        }
      }
      results.push({ label: interaction.label, taps });
    }
    return { results, benchmarkIndex: index };
  } finally {
    await browser.close();
  }
}

export function tapsTable(results: readonly TapResult[]): string[] {
  const width = Math.max(11, ...results.map((r) => r.label.length));
  return [
    `  ${'interaction'.padEnd(width)}${'median'.padStart(9)}  ${`≤ ${GOOD_INTERACTION_MS} ms`.padEnd(10)}taps`,
    ...results.map((result) => {
      const middle = medianLatency(result.taps);
      const good = middle === 'under threshold' || middle <= GOOD_INTERACTION_MS ? 'yes' : 'NO';
      return `  ${result.label.padEnd(width)}${formatLatency(middle).padStart(9)}  ${good.padEnd(10)}${result.taps.map(formatLatency).join(', ')}`;
    }),
  ];
}
