/**
 * The product page's second pass: the gallery's full-screen lightbox (mouse, keyboard, touch),
 * the wishlist heart as tall as Add to Cart, and colour swatches whose ring stands out from the
 * page in both themes, measured from what the browser computes.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contrastRatio } from '@linea/shared/domain/colors';
import { seedCatalogue } from '../../infra/local/seed/catalogue';
import { loadAxe } from './axe';
import { browserForSuite, eventually, settle, type ShopPage } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** Three images, one per colour: Chalk, Black, Stone. */
const TEE = {
  path: '/product/essential-organic-tee',
  name: 'Essential Organic Tee',
  nameDe: 'T-Shirt aus Bio-Baumwolle',
};

async function openProduct(page: Page, path = TEE.path): Promise<Locator> {
  await page.goto(path);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  await main.getByRole('radio').first().waitFor();
  await settle(page);
  return main;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusInside = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

/** The image the lightbox shows: which file, and what it says it is. */
async function shown(dialog: Locator): Promise<{ file: string; alt: string | null }> {
  const image = dialog.getByRole('img');
  const src = (await image.getAttribute('src')) ?? '';
  return { file: src.slice(src.lastIndexOf('/') + 1), alt: await image.getAttribute('alt') };
}

const teeImage = (n: number) => ({
  file: `essential-organic-tee-${n}.svg`,
  alt: `${TEE.name}, image ${n} of 3`,
});

describe('the gallery lightbox', () => {
  it('opens full screen on a click, moves with its buttons and the arrow keys, and Escape gives focus back', async () => {
    const { page, context, problems } = await browser.openShop({
      viewport: { width: 1440, height: 900 },
    });
    const main = await openProduct(page);
    const opener = main.getByRole('button', { name: 'Enlarge image 1 of 3' });

    await opener.click();
    const dialog = page.getByRole('dialog', { name: TEE.name });
    await dialog.waitFor();
    await settle(page);
    // Full screen: the dialog covers the whole viewport.
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
    expect(await shown(dialog)).toEqual(teeImage(1));
    expect(await dialog.getByText('Image 1 of 3', { exact: true }).isVisible()).toBe(true);
    // A modal: focus is inside and stays there.
    expect(await focusInside(dialog)).toBe(true);
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(dialog), `focus after ${press + 1} Tab presses`).toBe(true);
    }

    expect(await axeViolations(page)).toEqual([]);

    const next = dialog.getByRole('button', { name: 'Next image' });
    const previous = dialog.getByRole('button', { name: 'Previous image' });
    expect(await next.isVisible()).toBe(true);
    expect(await previous.isVisible()).toBe(true);
    await next.click();
    expect(await shown(dialog)).toEqual(teeImage(2));
    expect(await dialog.getByText('Image 2 of 3', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await shown(dialog)).toEqual(teeImage(3));
    await page.keyboard.press('ArrowRight');
    expect(await shown(dialog)).toEqual(teeImage(1));
    await page.keyboard.press('ArrowLeft');
    expect(await shown(dialog)).toEqual(teeImage(3));
    await previous.click();
    expect(await shown(dialog)).toEqual(teeImage(2));

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(opener)).toBe(true);
    // Browsing the images chose nothing: the page still shows, and sells, the first colour.
    expect(await main.getByRole('radio', { name: 'Chalk' }).isChecked()).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens from the keyboard, in German too, and its close button gives focus back', async () => {
    const { page, context, problems } = await browser.openShop({ storage: { language: 'de' } });
    const main = await openProduct(page);
    // Choosing Black ("Schwarz") shows its image, and the lightbox starts there.
    await main.getByRole('radio', { name: 'Schwarz' }).check();
    const opener = main.getByRole('button', { name: 'Bild 2 von 3 vergrössern' });
    // Back from the colour, past the thumbnails, to the large image.
    for (let press = 0; press < 10 && !(await isFocused(opener)); press += 1) await page.keyboard.press('Shift+Tab');
    expect(await isFocused(opener)).toBe(true);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TEE.nameDe });
    await dialog.waitFor();
    expect(await shown(dialog)).toEqual({ file: 'essential-organic-tee-2.svg', alt: `${TEE.nameDe}, Bild 2 von 3` });
    expect(await dialog.getByText('Bild 2 von 3', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect((await shown(dialog)).file).toBe('essential-organic-tee-3.svg');

    const close = dialog.getByRole('button', { name: 'Vollbildansicht schliessen' });
    for (let press = 0; press < 5 && !(await isFocused(close)); press += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(opener)).toBe(true);

    // Space opens it as well.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    expect((await shown(dialog)).file).toBe('essential-organic-tee-2.svg');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(opener)).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('swipes between the images on a 360 × 740 touch screen', async () => {
    const { page, context, problems } = await openTouchShop({ theme: 'dark' });
    const main = await openProduct(page);
    const opener = main.getByRole('button', { name: 'Enlarge image 1 of 3' });

    await opener.tap();
    const dialog = page.getByRole('dialog', { name: TEE.name });
    await dialog.waitFor();
    await settle(page);
    expect(await shown(dialog)).toEqual(teeImage(1));
    expect(await axeViolations(page)).toEqual([]);
    // Previous and next stay on the screen and big enough for a thumb.
    for (const name of ['Previous image', 'Next image']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }

    const image = await dialog.getByRole('img').boundingBox();
    expect(image).not.toBeNull();
    const middle = { x: image!.x + image!.width / 2, y: image!.y + image!.height / 2 };
    await swipe(page, { x: middle.x + 100, y: middle.y }, { x: middle.x - 100, y: middle.y + 10 });
    await eventually(async () => (await shown(dialog)).file).toBe(teeImage(2).file);
    await swipe(page, { x: middle.x + 100, y: middle.y }, { x: middle.x - 100, y: middle.y });
    await eventually(async () => (await shown(dialog)).file).toBe(teeImage(3).file);
    await swipe(page, { x: middle.x - 100, y: middle.y }, { x: middle.x + 100, y: middle.y - 10 });
    await eventually(async () => (await shown(dialog)).file).toBe(teeImage(2).file);
    // A mostly vertical drag is not a swipe.
    await swipe(page, { x: middle.x, y: middle.y - 100 }, { x: middle.x - 30, y: middle.y + 100 });
    await settle(page);
    expect(await shown(dialog)).toEqual(teeImage(2));

    await dialog.getByRole('button', { name: 'Close full-screen images' }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(opener)).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the wishlist heart beside Add to Cart', () => {
  it.each([
    { width: 360, height: 740, language: 'en', add: 'Add to Cart', heart: 'Add to wishlist' },
    { width: 1440, height: 900, language: 'en', add: 'Add to Cart', heart: 'Add to wishlist' },
    { width: 360, height: 740, language: 'de', add: 'In den Warenkorb', heart: 'Zur Wunschliste hinzufügen' },
  ])('is exactly as tall as the button at $width px ($language)', async ({ width, height, language, add, heart }) => {
    const { page, context, problems } = await browser.openShop({
      viewport: { width, height },
      storage: { language },
    });
    const main = await openProduct(page);
    const addBox = await main.getByRole('button', { name: add, exact: true }).boundingBox();
    const heartBox = await main.getByRole('button', { name: heart, exact: true }).boundingBox();
    expect(addBox).not.toBeNull();
    expect(heartBox).not.toBeNull();
    expect(heartBox!.height).toBeCloseTo(addBox!.height, 1);
    expect(heartBox!.y).toBeCloseTo(addBox!.y, 1);
    // Side by side in one row, and at least a comfortable target.
    expect(heartBox!.x).toBeGreaterThan(addBox!.x + addBox!.width);
    expect(heartBox!.width).toBeGreaterThanOrEqual(44);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('colour swatches', () => {
  const combinations = [
    { theme: 'dark', language: 'en', group: 'Color' },
    { theme: 'light', language: 'en', group: 'Color' },
    { theme: 'dark', language: 'de', group: 'Farbe' },
    { theme: 'light', language: 'de', group: 'Farbe' },
  ] as const;

  it.each(combinations)(
    'ring every colour at 3:1 or more against the page ($theme theme, $language)',
    async ({ theme, language, group }) => {
      const { page, context, problems } = await browser.openShop({
        colorScheme: theme,
        storage: { language, 'vite-ui-theme': theme },
      });
      const measured: SwatchMeasurement[] = [];
      for (const product of productsCoveringEveryColour()) {
        const main = await openProduct(page, `/product/${product.id}`);
        expect(await page.locator('html').getAttribute('class')).toContain(theme);
        measured.push(...(await measureSwatches(main.getByRole('group', { name: group }))));
      }

      expect(new Set(measured.map((swatch) => swatch.name))).toEqual(seededColours());
      const tooFaint = measured
        .map((swatch) => ({ ...swatch, ratio: Number(contrastRatio(swatch.ring, swatch.page).toFixed(2)) }))
        .filter((swatch) => !(swatch.ratio >= 3 && swatch.ringWidth >= 1 && swatch.ringStyle === 'solid'));
      expect(tooFaint).toEqual([]);

      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

/** A phone: 360 × 740, touch. */
function openTouchShop({ theme }: { theme: 'light' | 'dark' }): Promise<ShopPage> {
  return browser.openShop({
    viewport: { width: 360, height: 740 },
    touch: true,
    reducedMotion: 'reduce',
    colorScheme: theme,
    storage: { 'vite-ui-theme': theme },
  });
}

/**
 * One finger from `from` to `to` through Chromium's own touch input (CDP), in small moves, as a
 * person swipes: the page gets real touch and pointer events, touch-action included.
 */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (share: number) => [{ x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  const moves = 10;
  for (let move = 1; move <= moves; move += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(move / moves) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

function seededColours(): Set<string> {
  return new Set(seedCatalogue.flatMap((product) => product.colors));
}

/** Few product pages that between them show every colour of the seed catalogue. */
function productsCoveringEveryColour(): { id: string }[] {
  const missing = seededColours();
  const chosen: { id: string }[] = [];
  while (missing.size > 0) {
    const best = [...seedCatalogue].sort(
      (a, b) => b.colors.filter((c) => missing.has(c)).length - a.colors.filter((c) => missing.has(c)).length,
    )[0]!;
    best.colors.forEach((colour) => missing.delete(colour));
    chosen.push({ id: best.id });
  }
  return chosen;
}

interface SwatchMeasurement {
  name: string;
  /** The ring's computed colour and the page's behind the swatch, as #rrggbb. */
  ring: string;
  page: string;
  ringWidth: number;
  ringStyle: string;
}

/** Each swatch's ring (its fill's border) and the first opaque background behind the swatch. */
async function measureSwatches(colours: Locator): Promise<SwatchMeasurement[]> {
  const radios = await colours.getByRole('radio').all();
  expect(radios.length).toBeGreaterThan(0);
  const measured: SwatchMeasurement[] = [];
  for (const radio of radios) {
    const name = (await radio.getAttribute('value')) ?? '';
    const swatch = await radio.evaluate((input) => {
      const fill = input.parentElement?.querySelector('.swatch-fill');
      if (!fill) return undefined;
      const style = getComputedStyle(fill);
      let behind: Element | null = input.parentElement;
      let page = 'rgba(0, 0, 0, 0)';
      while (behind) {
        page = getComputedStyle(behind).backgroundColor;
        if (!/rgba\(.*,\s*0\)$/.test(page) && page !== 'transparent') break;
        behind = behind.parentElement;
      }
      return {
        ring: style.borderTopColor,
        ringWidth: parseFloat(style.borderTopWidth),
        ringStyle: style.borderTopStyle,
        page,
      };
    });
    expect(swatch, `the ${name} swatch`).toBeDefined();
    measured.push({ name, ...swatch!, ring: toHex(swatch!.ring), page: toHex(swatch!.page) });
  }
  return measured;
}

/** "rgb(31, 31, 32)" → "#1f1f20"; a colour with transparency is refused, as it has no one contrast. */
function toHex(rgb: string): string {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(rgb);
  if (!match || (match[4] !== undefined && Number(match[4]) < 1)) throw new Error(`Not an opaque colour: ${rgb}`);
  return `#${[match[1], match[2], match[3]].map((channel) => Number(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** axe-core's WCAG 2.2 AA rules on what is on screen now: one line per failing element. */
async function axeViolations(page: Page): Promise<string[]> {
  await loadAxe(page);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const { violations } = await axe.run(document, { runOnly: tags });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} :: ${node.failureSummary ?? ''}`),
    );
  });
}
