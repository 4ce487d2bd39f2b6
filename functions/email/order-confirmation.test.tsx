import { describe, expect, it } from 'vitest';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { formatChf, type Locale } from '@linea/shared/domain/money';
import type { Promo } from '@linea/shared/domain/promo';
import { aPricedOrderDto, type OrderLine } from '../../tests/fixtures/orders';
import type { Order } from '../data/order-repository';
import { orderConfirmationEmail } from './order-confirmation';

const WEB_URL = 'https://shop.linea.test';
const ORDER_URL = `${WEB_URL}/order-confirmation/cs_test_guest_proof`;
const ORDER_ID = 'ord_01jq7x2m9f3a1c2b';

const LINES: OrderLine[] = [
  { productId: 'p-crew', name: 'Merino Crew', size: 'M', color: 'Sand', unitPrice: 12_900, quantity: 2 },
  { productId: 'p-coat', name: 'Wool Coat', size: 'L', color: 'Charcoal', unitPrice: 64_900, quantity: 1 },
  { productId: 'p-tee', name: 'Organic Tee', size: 'S', color: 'White', unitPrice: 4_900, quantity: 3 },
];

/** An order priced the way the server prices it, so every amount in it is consistent. */
function makeOrder(overrides: Partial<Order> = {}, promo?: Promo, lines: OrderLine[] = LINES): OrderDto {
  return aPricedOrderDto(lines, promo, {
    id: ORDER_ID,
    status: 'confirmed',
    // 23:30 UTC on 4 March is already 5 March in Zürich.
    createdAt: '2026-03-04T23:30:00.000Z',
    email: 'anna@example.ch',
    locale: 'en',
    ...overrides,
  });
}

const TEN_PERCENT: Promo = { code: 'WELCOME10', type: 'percentage', percent: 10 };
const FREE_SHIPPING: Promo = { code: 'FREESHIP', type: 'free_shipping' };

/** The characters React escapes in text, back to what a mail client shows. */
function decode(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The table row (innermost <tr>…</tr>) whose text contains `needle`, as the reader sees it. */
function row(html: string, needle: string): string {
  const rows = [...html.matchAll(/<tr\b[^>]*>((?:(?!<tr\b)[\s\S])*?)<\/tr>/g)].map((m) => decode(m[1] ?? ''));
  const found = rows.filter((r) => r.includes(needle));
  expect(found, `exactly one row with "${needle}"`).toHaveLength(1);
  return found[0] ?? '';
}

/** The cells of a row, tags dropped (the no-break space in "CHF 258.00" stays). */
function cells(rowHtml: string): string[] {
  return [...rowHtml.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[ \t\r\n]+/g, ' ')
      .trim(),
  );
}

function chf(amount: number, locale: Locale): string {
  return formatChf(amount, locale);
}

describe('orderConfirmationEmail in English', () => {
  it('names the order in the subject and thanks the shopper in the heading', async () => {
    const email = await orderConfirmationEmail(makeOrder(), { orderUrl: ORDER_URL });
    expect(email.subject).toBe('Your LINEA order 9F3A1C2B');
    expect(email.html).toContain('lang="en"');
    expect(email.html).toContain('<title>Your LINEA order 9F3A1C2B</title>');
    expect(email.html).toMatch(/<h1[^>]*>Thank you for your order, Anna<\/h1>/);
    expect(email.html).toContain('LINEA</p>');
  });

  it('shows the order number and the date of the order in Zürich', async () => {
    const email = await orderConfirmationEmail(makeOrder(), { orderUrl: ORDER_URL });
    expect(cells(row(email.html, '9F3A1C2B'))).toEqual(['9F3A1C2B', '5 March 2026']);
    expect(cells(row(email.html, 'Order number'))).toEqual(['Order number', 'Order date']);
  });

  it('lists every line with size, colour, quantity and line total', async () => {
    const order = makeOrder();
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Qty'))).toEqual(['Item', 'Qty', 'Amount']);
    expect(cells(row(email.html, 'Merino Crew'))).toEqual(['Merino Crew Size M · Color Sand', '2', chf(25_800, 'en')]);
    expect(cells(row(email.html, 'Wool Coat'))).toEqual(['Wool Coat Size L · Color Charcoal', '1', chf(64_900, 'en')]);
    expect(cells(row(email.html, 'Organic Tee'))).toEqual(['Organic Tee Size S · Color White', '3', chf(14_700, 'en')]);
    // The thousands separator is an apostrophe in Switzerland: CHF 1'054.00 from the subtotal of 105 400 Rappen.
    expect(order.subtotal).toBe(105_400);
    expect(chf(order.subtotal, 'en')).toBe("CHF\u00a01'054.00");
  });

  it('adds up subtotal, shipping and total, with the VAT they contain, and no discount line without a discount', async () => {
    const order = makeOrder();
    expect(order).toMatchObject({ subtotal: 105_400, shipping: 700, discount: 0, total: 106_100 });
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Subtotal'))).toEqual(['Subtotal', chf(105_400, 'en')]);
    expect(cells(row(email.html, 'Shipping'))).toEqual(['Shipping', chf(700, 'en')]);
    expect(cells(row(email.html, 'Total<'))).toEqual(['Total', chf(106_100, 'en')]);
    expect(decode(email.html)).toContain(`incl. VAT 8.1 %: ${chf(order.vat, 'en')}<`);
    expect(email.html).not.toContain('Discount');
    expect(email.text).not.toContain('Discount');
  });

  it('shows a discount with its code, taken off the total', async () => {
    const order = makeOrder({}, TEN_PERCENT);
    expect(order).toMatchObject({ discount: 10_540, total: 95_560 });
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Discount'))).toEqual(['Discount (WELCOME10)', `-${chf(10_540, 'en')}`]);
    expect(cells(row(email.html, 'Total<'))).toEqual(['Total', chf(95_560, 'en')]);
    expect(decode(email.html)).toContain(`incl. VAT 8.1 %: ${chf(order.vat, 'en')}<`);
  });

  it('says "Free" for the shipping of a free-shipping code, and shows no discount line', async () => {
    const order = makeOrder({}, FREE_SHIPPING);
    expect(order).toMatchObject({ shipping: 0, discount: 0, total: 105_400 });
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Shipping'))).toEqual(['Shipping', 'Free']);
    expect(email.html).not.toContain(chf(0, 'en'));
    expect(email.html).not.toContain('Discount');
  });

  it('shows the shipping address, when the order leaves and a link to the order', async () => {
    const email = await orderConfirmationEmail(makeOrder(), { orderUrl: ORDER_URL });
    expect(email.html).toContain('Shipping address');
    expect(email.html).toContain('>Anna Muster<br/>Bahnhofstrasse 12<br/>8001 Zürich<br/>Switzerland</p>');
    expect(email.html).toContain('What happens next');
    expect(email.html).toContain('dispatch it within 1–2 business days.');
    expect(email.html).toContain(`href="${ORDER_URL}"`);
    expect(email.html).toContain('>View your order</span>');
    expect(email.html).toContain('LINEA · Elevated essentials, timeless design · Zürich, Switzerland');
  });

  it('leaves no placeholder unfilled', async () => {
    const email = await orderConfirmationEmail(makeOrder({}, TEN_PERCENT), { orderUrl: ORDER_URL });
    for (const part of [email.subject, email.html, email.text]) expect(part).not.toMatch(/\{\{|\}\}/);
  });
});

describe('orderConfirmationEmail in German', () => {
  const order = makeOrder({ locale: 'de' }, TEN_PERCENT);

  it('writes subject, heading, number and date in Swiss German', async () => {
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(email.subject).toBe('Ihre LINEA-Bestellung 9F3A1C2B');
    expect(email.html).toContain('lang="de"');
    expect(email.html).toMatch(/<h1[^>]*>Vielen Dank für Ihre Bestellung, Anna<\/h1>/);
    expect(cells(row(email.html, 'Bestellnummer'))).toEqual(['Bestellnummer', 'Bestelldatum']);
    expect(cells(row(email.html, '9F3A1C2B'))).toEqual(['9F3A1C2B', '5. März 2026']);
    expect(email.html).not.toContain('ß');
  });

  it('lists the lines and totals with German labels and Swiss amounts', async () => {
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Menge'))).toEqual(['Artikel', 'Menge', 'Betrag']);
    expect(cells(row(email.html, 'Merino Crew'))).toEqual([
      'Merino Crew Grösse M · Farbe Sand',
      '2',
      chf(25_800, 'de'),
    ]);
    expect(cells(row(email.html, 'Wool Coat'))).toEqual([
      'Wool Coat Grösse L · Farbe Charcoal',
      '1',
      chf(64_900, 'de'),
    ]);
    expect(cells(row(email.html, 'Organic Tee'))).toEqual([
      'Organic Tee Grösse S · Farbe White',
      '3',
      chf(14_700, 'de'),
    ]);
    expect(cells(row(email.html, 'Zwischensumme'))).toEqual(['Zwischensumme', chf(105_400, 'de')]);
    expect(cells(row(email.html, 'Versand'))).toEqual(['Versand', chf(700, 'de')]);
    expect(cells(row(email.html, 'Rabatt'))).toEqual(['Rabatt (WELCOME10)', `-${chf(10_540, 'de')}`]);
    expect(cells(row(email.html, 'Total<'))).toEqual(['Total', chf(95_560, 'de')]);
    expect(decode(email.html)).toContain(`inkl. MWST 8.1 %: ${chf(order.vat, 'de')}<`);
  });

  it('says "Kostenlos" for free shipping', async () => {
    const email = await orderConfirmationEmail(makeOrder({ locale: 'de' }, FREE_SHIPPING), { orderUrl: ORDER_URL });
    expect(cells(row(email.html, 'Versand'))).toEqual(['Versand', 'Kostenlos']);
    expect(email.html).not.toContain('Rabatt');
  });

  it('shows the address, the dispatch time, the link and the footer in German', async () => {
    const email = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    expect(email.html).toContain('Lieferadresse');
    expect(email.html).toContain('>Anna Muster<br/>Bahnhofstrasse 12<br/>8001 Zürich<br/>Schweiz</p>');
    expect(email.html).toContain('versenden sie innert 1–2 Werktagen.');
    expect(email.html).toContain(`href="${ORDER_URL}"`);
    expect(email.html).toContain('Bestellung ansehen');
    expect(email.html).toContain('LINEA · Erlesene Essentials, zeitloses Design · Zürich, Schweiz');
  });
});

describe('orderConfirmationEmail escaping', () => {
  it('never emits what the shopper typed as markup', async () => {
    const email = await orderConfirmationEmail(
      makeOrder({
        firstName: '<script>alert(1)</script>',
        lastName: '"Muster" & Co',
        address: '<img src=x onerror=alert(2)>',
        city: "Zürich</p><a href='https://evil.example'>",
      }),
      { orderUrl: ORDER_URL },
    );
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain("evil.example'>");
    expect(email.html).not.toMatch(/<a href=['"]https:\/\/evil/);
    expect(email.html).toMatch(/<h1[^>]*>Thank you for your order, &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/);
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Muster&quot; &amp; Co<br/>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(2)&gt;<br/>');
  });

  it('escapes the link it is given', async () => {
    const email = await orderConfirmationEmail(makeOrder(), { orderUrl: `${WEB_URL}/order-confirmation/a"b<c` });
    expect(email.html).toContain(`href="${WEB_URL}/order-confirmation/a&quot;b&lt;c"`);
  });
});

describe('orderConfirmationEmail plain text', () => {
  it('lists every line and the totals, without markup', async () => {
    const order = makeOrder({}, TEN_PERCENT);
    const { text } = await orderConfirmationEmail(order, { orderUrl: ORDER_URL });
    const lines = text.split('\n').map((l) => l.trimEnd());
    const at = (re: RegExp) => {
      const found = lines.filter((l) => re.test(l));
      expect(found, String(re)).toHaveLength(1);
      return found[0];
    };
    expect(text).not.toMatch(/<[a-z/!]/i);
    expect(text).not.toContain('&#');
    expect(at(/^Thank you for your order, Anna$/)).toBeTruthy();
    expect(at(/^9F3A1C2B\s+5 March 2026$/)).toBeTruthy();
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const [name, options, quantity, amount] of [
      ['Merino Crew', 'Size M · Color Sand', 2, 25_800],
      ['Wool Coat', 'Size L · Color Charcoal', 1, 64_900],
      ['Organic Tee', 'Size S · Color White', 3, 14_700],
    ] as const) {
      const index = lines.indexOf(at(new RegExp(`^${name}\\s+${quantity}\\s+${esc(chf(amount, 'en'))}$`)) ?? '');
      expect(lines[index + 1]).toBe(options);
    }
    expect(at(new RegExp(`^Subtotal\\s+${esc(chf(order.subtotal, 'en'))}$`))).toBeTruthy();
    expect(at(new RegExp(`^Shipping\\s+${esc(chf(order.shipping, 'en'))}$`))).toBeTruthy();
    expect(at(new RegExp(`^Discount \\(WELCOME10\\)\\s+-${esc(chf(order.discount, 'en'))}$`))).toBeTruthy();
    expect(at(new RegExp(`^Total\\s+${esc(chf(order.total, 'en'))}$`))).toBeTruthy();
    expect(at(new RegExp(`^incl\\. VAT 8\\.1 %: ${esc(chf(order.vat, 'en'))}$`))).toBeTruthy();
    expect(text).toContain('Anna Muster\nBahnhofstrasse 12\n8001 Zürich\nSwitzerland');
    expect(text).toContain(`View your order ${ORDER_URL}`);
    expect(text).toContain('LINEA · Elevated essentials, timeless design · Zürich, Switzerland');
    // The inbox preview line is for the HTML version only.
    expect(text).not.toContain('We have received your order 9F3A1C2B.');
  });

  it('is written in the order language too', async () => {
    const { text } = await orderConfirmationEmail(makeOrder({ locale: 'de' }, FREE_SHIPPING), { orderUrl: ORDER_URL });
    expect(text).toMatch(/^Versand\s+Kostenlos$/m);
    expect(text).toMatch(/^Merino Crew\s+2\s+CHF\u00a0258\.00$/m);
    expect(text).toContain('Grösse M · Farbe Sand');
    expect(text).not.toContain('Rabatt');
    expect(text).toContain('Anna Muster\nBahnhofstrasse 12\n8001 Zürich\nSchweiz');
    expect(text).toContain(`Bestellung ansehen ${ORDER_URL}`);
  });
});
