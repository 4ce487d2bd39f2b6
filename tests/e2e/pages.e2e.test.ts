/**
 * Every storefront page, read as a shopper reads it, in English and in German: its heading, the
 * document title, <html lang>, the facts the spec puts on it, prices only in CHF, and no errors
 * in the console. The language is switched with the header's buttons, as a shopper would, and
 * must survive a reload.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForSuite, eventually, languageSwitcher, visibleText } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

type Language = 'en' | 'de';
type Translated<T = string> = Record<Language, T>;

const LANGUAGE_BUTTON: Translated = { en: 'English', de: 'Deutsch' };

const UNKNOWN_PRODUCT = 'no-such-piece';

interface StorefrontPage {
  path: string;
  h1: Translated;
  /** The page's own name; the document title is "<name> · LINEA". */
  title: Translated;
  /** Texts the spec (or its translation) puts on the page, each found verbatim in <main>. */
  texts?: Translated<string[]>;
  /** States the shop's policy: the flat CHF 7.00 (its 30 days to return are in `texts`), never free shipping. */
  policy?: boolean;
  /** Page-specific checks that need structure (a table, a group of buttons), not only text. */
  check?: (main: Locator, language: Language) => Promise<void>;
  /** Its answers are collapsed: open every question before reading. */
  questions?: boolean;
  /** A console error this page is expected to log. */
  expectedProblem?: (problem: string) => boolean;
}

/**
 * The words of an element as written, whatever CSS does to them (capitals), with any run of
 * spaces (prices use a no-break space: "CHF\u00a049.00") read as one space.
 */
const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function textOf(scope: Locator): Promise<string> {
  return words(await scope.textContent());
}

async function textsOf(scope: Locator): Promise<string[]> {
  return (await scope.allTextContents()).map(words);
}

/** The words of each row of a definition list (term, definition), in order. */
async function definitionPairs(scope: Locator): Promise<[string, string][]> {
  const terms = await textsOf(scope.getByRole('term'));
  const definitions = await textsOf(scope.getByRole('definition'));
  return terms.map((term, index) => [term, definitions[index] ?? '']);
}

/** The last column of a size table: the inch ranges, XS to XL. */
async function inchColumn(table: Locator): Promise<string[]> {
  const cells = await textsOf(table.getByRole('cell'));
  return cells.filter((_, index) => index % 2 === 1);
}

async function hrefOf(link: Locator): Promise<string | null> {
  return link.getAttribute('href');
}

const PAGES: StorefrontPage[] = [
  {
    path: '/',
    h1: { en: 'Elevated essentials, timeless design', de: 'Erlesene Essentials, zeitloses Design' },
    title: { en: 'Elevated essentials, timeless design', de: 'Erlesene Essentials, zeitloses Design' },
    check: async (main, language) => {
      const browse = main.getByRole('link', {
        name: { en: 'Shop the Collection', de: 'Kollektion entdecken' }[language],
      });
      expect(await hrefOf(browse)).toBe('/products');

      const newsletter = main.getByRole('region', {
        name: { en: 'A quiet letter, a few times a season', de: 'Ein leiser Brief, ein paar Mal pro Saison' }[language],
      });
      expect(
        await newsletter
          .getByRole('textbox', { name: { en: 'Email address', de: 'E-Mail-Adresse' }[language] })
          .count(),
      ).toBe(1);
      expect(
        await newsletter.getByRole('button', { name: { en: 'Subscribe', de: 'Abonnieren' }[language] }).count(),
      ).toBe(1);

      // Up to three featured products, each with its price in CHF.
      const featured = main.getByRole('region', { name: { en: 'Featured', de: 'Empfehlungen' }[language] });
      await featured.getByRole('article').first().waitFor();
      const cards = await textsOf(featured.getByRole('article').getByRole('link'));
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.length).toBeLessThanOrEqual(3);
      for (const card of cards) expect(card).toMatch(/CHF \d+\.\d{2}$/);
    },
  },
  {
    path: '/products',
    h1: { en: 'Products', de: 'Produkte' },
    title: { en: 'Products', de: 'Produkte' },
    check: async (main, language) => {
      // The category buttons come from the catalogue: read them once it has arrived.
      await main.getByRole('article').first().waitFor();
      const filter = main.getByRole('group', {
        name: { en: 'Filter by category', de: 'Nach Kategorie filtern' }[language],
      });
      expect(await textsOf(filter.getByRole('button'))).toEqual(
        {
          en: ['All', 'Basics', 'Outerwear', 'Bottoms', 'Accessories'],
          de: ['Alle', 'Basics', 'Oberbekleidung', 'Hosen', 'Accessoires'],
        }[language],
      );
      const all = filter.getByRole('button', { name: { en: 'All', de: 'Alle' }[language], exact: true });
      expect(await all.getAttribute('aria-pressed')).toBe('true');

      const cards = await textsOf(main.getByRole('article').getByRole('link'));
      expect(cards.length).toBeGreaterThan(3);
      for (const card of cards) expect(card).toMatch(/CHF \d+\.\d{2}$/);
    },
  },
  {
    path: '/product/essential-organic-tee',
    h1: { en: 'Essential Organic Tee', de: 'T-Shirt aus Bio-Baumwolle' },
    title: { en: 'Essential Organic Tee', de: 'T-Shirt aus Bio-Baumwolle' },
    policy: true,
    texts: {
      en: ['CHF 49.00', 'CHF 7.00 flat shipping within Switzerland', '30-day returns'],
      de: ['CHF 49.00', 'Versand innerhalb der Schweiz pauschal CHF 7.00', '30 Tage Rückgaberecht'],
    },
    check: async (main, language) => {
      const words = {
        en: { color: 'Color', size: 'Size', guide: 'Size Guide', quantity: 'Quantity', add: 'Add to Cart' },
        de: { color: 'Farbe', size: 'Grösse', guide: 'Grössentabelle', quantity: 'Menge', add: 'In den Warenkorb' },
      }[language];
      expect(await main.getByRole('group', { name: words.color }).getByRole('radio').count()).toBeGreaterThan(1);
      const sizes = main.getByRole('group', { name: words.size, exact: true });
      for (const size of ['XS', 'S', 'M', 'L', 'XL']) {
        expect(await sizes.getByRole('radio', { name: size, exact: true }).count(), size).toBe(1);
      }
      expect(await main.getByRole('button', { name: words.guide }).count()).toBe(1);
      expect(await main.getByRole('spinbutton', { name: words.quantity }).inputValue()).toBe('1');
      expect(await main.getByRole('button', { name: words.add }).count()).toBe(1);
    },
  },
  {
    path: `/product/${UNKNOWN_PRODUCT}`,
    h1: { en: 'Product not found', de: 'Produkt nicht gefunden' },
    title: { en: 'Product not found', de: 'Produkt nicht gefunden' },
    check: async (main, language) => {
      const back = main.getByRole('link', {
        name: { en: 'Back to Products', de: 'Zurück zu den Produkten' }[language],
      });
      expect(await hrefOf(back)).toBe('/products');
    },
    // The API answers 404 for the unknown id, and Chromium logs every failed response.
    // The API's answer for the product, and the page itself: the site answers an unknown product with a 404.
    expectedProblem: (problem) =>
      /status of 404/.test(problem) &&
      (problem.includes(`/products/${UNKNOWN_PRODUCT}`) || problem.includes(`/product/${UNKNOWN_PRODUCT}`)),
  },
  {
    path: '/about',
    h1: { en: 'A single line, drawn with care', de: 'Eine einzige Linie, mit Sorgfalt gezogen' },
    title: { en: 'About LINEA', de: 'Über LINEA' },
    check: async (main, language) => {
      const sections = {
        en: ['Our story', 'What we value', 'The team'],
        de: ['Unsere Geschichte', 'Was uns wichtig ist', 'Das Team'],
      }[language];
      for (const name of sections) expect(await main.getByRole('heading', { level: 2, name }).count(), name).toBe(1);
    },
  },
  {
    path: '/contact',
    h1: { en: 'We are here to help', de: 'Wir helfen Ihnen gerne' },
    title: { en: 'Contact Us', de: 'Kontakt' },
    check: async (main, language) => {
      const hours = main.getByRole('region', {
        name: { en: 'Customer service hours', de: 'Kundendienstzeiten' }[language],
      });
      expect(await definitionPairs(hours)).toEqual(
        {
          en: [
            ['Monday to Friday', '9:00–18:00'],
            ['Saturday', '10:00–16:00'],
            ['Sunday', 'Closed'],
          ],
          de: [
            ['Montag bis Freitag', '9:00–18:00'],
            ['Samstag', '10:00–16:00'],
            ['Sonntag', 'Geschlossen'],
          ],
        }[language],
      );
      const fields = { en: ['Name', 'Email', 'Message'], de: ['Name', 'E-Mail', 'Nachricht'] }[language];
      for (const name of fields) expect(await main.getByRole('textbox', { name, exact: true }).count(), name).toBe(1);
      const send = { en: 'Send Message', de: 'Nachricht senden' }[language];
      expect(await main.getByRole('button', { name: send }).count()).toBe(1);
    },
  },
  {
    path: '/cart',
    h1: { en: 'Shopping Cart', de: 'Warenkorb' },
    title: { en: 'Shopping Cart', de: 'Warenkorb' },
    check: async (main, language) => {
      const empty = { en: 'Your cart is empty', de: 'Ihr Warenkorb ist leer' }[language];
      expect(await main.getByRole('heading', { name: empty }).count()).toBe(1);
      const more = main.getByRole('link', { name: { en: 'Continue Shopping', de: 'Weiter einkaufen' }[language] });
      expect(await hrefOf(more)).toBe('/products');
    },
  },
  {
    path: '/wishlist',
    h1: { en: 'Wishlist', de: 'Wunschliste' },
    title: { en: 'Wishlist', de: 'Wunschliste' },
    check: async (main, language) => {
      const heading = {
        en: 'Sign in to see your wishlist',
        de: 'Melden Sie sich an, um Ihre Wunschliste zu sehen',
      }[language];
      expect(await main.getByRole('heading', { name: heading }).count()).toBe(1);
      const signIn = main.getByRole('link', { name: { en: 'Sign In', de: 'Anmelden' }[language], exact: true });
      expect(await hrefOf(signIn)).toBe('/auth');
    },
  },
  {
    path: '/auth',
    h1: { en: 'Welcome back', de: 'Willkommen zurück' },
    title: { en: 'Sign In', de: 'Anmelden' },
    check: async (main, language) => {
      const words = {
        en: { signIn: 'Sign In', signUp: 'Sign Up', email: 'Email', password: 'Password' },
        de: { signIn: 'Anmelden', signUp: 'Registrieren', email: 'E-Mail', password: 'Passwort' },
      }[language];
      expect(await main.getByRole('tab', { name: words.signIn, selected: true }).count()).toBe(1);
      expect(await main.getByRole('tab', { name: words.signUp }).count()).toBe(1);
      expect(await main.getByLabel(words.email, { exact: true }).count()).toBe(1);
      expect(await main.getByLabel(words.password, { exact: true }).count()).toBe(1);
    },
  },
  {
    path: '/terms',
    h1: { en: 'Terms of Service', de: 'Allgemeine Geschäftsbedingungen' },
    title: { en: 'Terms of Service', de: 'Allgemeine Geschäftsbedingungen' },
    policy: true,
    texts: {
      en: [
        'Last updated: January 2024',
        'Shipping costs a flat CHF 7.00 per order.',
        'within 30 days of delivery',
        'within 1–2 business days',
      ],
      de: [
        'Zuletzt aktualisiert: Januar 2024',
        'Der Versand kostet pauschal CHF 7.00 pro Bestellung.',
        'innert 30 Tagen nach Erhalt',
        'innert 1–2 Werktagen',
      ],
    },
  },
  {
    path: '/privacy',
    h1: { en: 'Privacy Policy', de: 'Datenschutzerklärung' },
    title: { en: 'Privacy Policy', de: 'Datenschutzerklärung' },
    texts: {
      en: ['Last updated: January 2024', 'Our services are not intended for children under 13'],
      de: ['Zuletzt aktualisiert: Januar 2024', 'Unsere Dienste richten sich nicht an Kinder unter 13 Jahren'],
    },
  },
  {
    path: '/size-guide',
    h1: { en: 'Size Guide', de: 'Grössentabelle' },
    title: { en: 'Size Guide', de: 'Grössentabelle' },
    check: async (main, language) => {
      const tops = main.getByRole('table', {
        name: { en: 'Tops: chest measurements', de: 'Oberteile: Brustumfang' }[language],
      });
      const bottoms = main.getByRole('table', {
        name: { en: 'Bottoms: waist measurements', de: 'Hosen: Taillenumfang' }[language],
      });
      expect(await textsOf(tops.getByRole('rowheader'))).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      expect(await inchColumn(tops)).toEqual(['34–36', '36–38', '38–40', '40–42', '42–44']);
      expect(await inchColumn(bottoms)).toEqual(['26–28', '28–30', '30–32', '32–34', '34–36']);
    },
  },
  {
    path: '/shipping-returns',
    h1: { en: 'Shipping & Returns', de: 'Versand & Rückgabe' },
    title: { en: 'Shipping & Returns', de: 'Versand & Rückgabe' },
    policy: true,
    texts: {
      en: ['CHF 7.00 flat per order', 'Within 30 days', 'Shipping costs a flat CHF 7.00 per order'],
      de: [
        'Pauschal CHF 7.00 pro Bestellung',
        'Innert 30 Tagen',
        'Der Versand kostet pauschal CHF 7.00 pro Bestellung',
      ],
    },
  },
  {
    path: '/faq',
    h1: { en: 'Frequently Asked Questions', de: 'Häufige Fragen' },
    title: { en: 'Frequently Asked Questions', de: 'Häufige Fragen' },
    policy: true,
    questions: true,
    texts: {
      en: [
        'Shipping within Switzerland costs a flat CHF 7.00 per order.',
        'You can return unworn items in their original condition within 30 days of delivery.',
      ],
      de: [
        'Der Versand innerhalb der Schweiz kostet pauschal CHF 7.00 pro Bestellung.',
        'Sie können ungetragene Artikel im Originalzustand innert 30 Tagen nach Erhalt zurückgeben.',
      ],
    },
  },
  {
    path: '/this-page-does-not-exist',
    h1: { en: 'Oops! Page not found', de: 'Hoppla! Seite nicht gefunden' },
    title: { en: 'Page not found', de: 'Seite nicht gefunden' },
    check: async (main, language) => {
      const home = main.getByRole('link', { name: { en: 'Return to Home', de: 'Zur Startseite' }[language] });
      expect(await hrefOf(home)).toBe('/');
    },
    // The page comes with its 404 status, which Chromium logs as a failed load.
    expectedProblem: (problem) => /status of 404/.test(problem) && problem.includes('/this-page-does-not-exist'),
  },
];

/** Answers that open in place are read after opening them, as a shopper would. */
async function openAllQuestions(main: Locator): Promise<void> {
  const questions = await textsOf(main.getByRole('button', { expanded: false }));
  for (const name of questions) await main.getByRole('button', { name, exact: true }).click();
  await eventually(() => main.getByRole('button', { expanded: false }).count()).toBe(0);
}

async function expectPage(page: Page, spec: StorefrontPage, language: Language): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: spec.h1[language], exact: true }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  await eventually(() => page.title()).toBe(`${spec.title[language]} · LINEA`);

  await spec.check?.(main, language);
  if (spec.questions) await openAllQuestions(main);
  const mainText = await textOf(main);
  for (const text of spec.texts?.[language] ?? []) expect(mainText, `${spec.path} (${language})`).toContain(text);
  if (spec.policy) {
    expect(mainText).toMatch(/CHF 7\.00/);
    expect(mainText.toLowerCase()).not.toMatch(/free shipping|kostenlose[rn]? versand|gratis/);
  }
  // CHF everywhere: not one dollar sign, in the page or its header and footer.
  expect(await visibleText(page), `${spec.path} (${language}) shows a "$"`).not.toContain('$');
}

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  const button = languageSwitcher(page).getByRole('button', { name: LANGUAGE_BUTTON[language] });
  await button.click();
  await eventually(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('every storefront page, in English and German', () => {
  it.each(PAGES)('$path', async (spec) => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });

    await page.goto(spec.path);
    await expectPage(page, spec, 'en');

    // The switch applies at once, without a reload...
    await chooseLanguage(page, 'de');
    await expectPage(page, spec, 'de');
    // ...and is remembered under the spec's key, so a reload keeps it.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.reload();
    await expectPage(page, spec, 'de');

    // And back: the page is English again, down to its title and <html lang>.
    await chooseLanguage(page, 'en');
    await page.getByRole('main').getByRole('heading', { level: 1, name: spec.h1.en, exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await eventually(() => page.title()).toBe(`${spec.title.en} · LINEA`);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    expect(problems.filter((problem) => !spec.expectedProblem?.(problem))).toEqual([]);
    await context.close();
  });
});

describe('the storefront frame', () => {
  it('links the header and footer to every page, and home from the not-found page', async () => {
    const { page, context, problems } = await browser.openShop({ reducedMotion: 'reduce' });
    expect((await page.goto('/this-page-does-not-exist'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();

    const banner = page.getByRole('banner');
    const nav = banner.getByRole('navigation', { name: 'Main' });
    expect(await hrefOf(nav.getByRole('link', { name: 'Shop' }))).toBe('/products');
    expect(await hrefOf(nav.getByRole('link', { name: 'About' }))).toBe('/about');
    expect(await hrefOf(nav.getByRole('link', { name: 'Contact' }))).toBe('/contact');
    expect(await hrefOf(banner.getByRole('link', { name: 'Wishlist' }))).toBe('/wishlist');
    expect(await hrefOf(banner.getByRole('link', { name: 'Sign In' }))).toBe('/auth');
    expect(await hrefOf(banner.getByRole('link', { name: 'Cart, 0 items' }))).toBe('/cart');
    expect(await hrefOf(banner.getByRole('link', { name: 'LINEA home' }))).toBe('/');
    expect(await banner.getByRole('searchbox', { name: 'Search' }).count()).toBe(1);
    expect(await banner.getByRole('button', { name: 'Theme' }).count()).toBe(1);

    const footer = page.getByRole('contentinfo');
    const footerLinks: [string, string][] = [
      ['Basics', '/products?category=basics'],
      ['Outerwear', '/products?category=outerwear'],
      ['Bottoms', '/products?category=bottoms'],
      ['Accessories', '/products?category=accessories'],
      ['Contact', '/contact'],
      ['About', '/about'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Size Guide', '/size-guide'],
      ['Shipping & Returns', '/shipping-returns'],
      ['FAQ', '/faq'],
    ];
    for (const [name, href] of footerLinks) {
      expect(await hrefOf(footer.getByRole('link', { name, exact: true })), name).toBe(href);
    }

    await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Elevated essentials, timeless design' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Only the not-found page's own 404, which Chromium logs.
    expect(problems.filter((problem) => !/status of 404.*\/this-page-does-not-exist\)/.test(problem))).toEqual([]);
    await context.close();
  });

  it('filters the catalogue by category and keeps the filter in the URL', async () => {
    const { page, context, problems } = await browser.openShop();
    await page.goto('/products');
    const main = page.getByRole('main');
    const filter = main.getByRole('group', { name: 'Filter by category' });
    const names = () => textsOf(main.getByRole('article').getByRole('heading'));
    await main.getByRole('article').first().waitFor();
    const everything = await names();

    await filter.getByRole('button', { name: 'Outerwear' }).click();
    await page.waitForURL('**/products?category=outerwear');
    await eventually(() => filter.getByRole('button', { name: 'Outerwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    // The grid fades out and swaps: wait for the outerwear-only grid.
    await eventually(async () => (await names()).includes('Essential Organic Tee')).toBe(false);
    const outerwear = await names();
    expect(outerwear).toContain('Tailored Wool Coat');
    expect(outerwear.length).toBeLessThan(everything.length);

    // A shared link opens the same filter.
    await page.reload();
    await main.getByRole('article').first().waitFor();
    expect(await filter.getByRole('button', { name: 'Outerwear' }).getAttribute('aria-pressed')).toBe('true');
    expect(await names()).toEqual(outerwear);

    await filter.getByRole('button', { name: 'All' }).click();
    await eventually(() => names()).toEqual(everything);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches to the dark theme from the header and keeps it after a reload', async () => {
    const { page, context, problems } = await browser.openShop({
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await page.goto('/about');
    const html = page.locator('html');
    // Default "system" follows the operating system, light here.
    await eventually(() => html.getAttribute('class')).toContain('light');
    // The class is set before the app starts; the menu opens once the page is the app's.
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    // A click in the instant the header settles can miss; a person would click once more.
    const dark = page.getByRole('menuitemradio', { name: 'Dark' });
    await eventually(async () => {
      if (!(await dark.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Theme' }).click();
      return dark.isVisible();
    }).toBe(true);
    await dark.click();
    await eventually(() => html.getAttribute('class')).toContain('dark');
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await html.getAttribute('class')).toContain('dark');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows a dark operating system while the theme is "system", the default', async () => {
    const { page, context, problems } = await browser.openShop({
      colorScheme: 'dark',
      reducedMotion: 'reduce',
    });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBeNull();
    expect(await page.locator('html').getAttribute('class')).toContain('dark');

    // The operating system switches while the page is open: the shop follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(() => page.locator('html').getAttribute('class')).toContain('light');

    expect(problems).toEqual([]);
    await context.close();
  });
});
