/**
 * The orders as a bookkeeper's spreadsheet: one row an order, amounts in CHF with two decimals
 * and a point (what Excel and every accounting import read, whatever the language), dates in
 * Zürich time, UTF-8 with a byte order mark so Excel shows umlauts.
 */
export interface CsvOrder {
  number: string;
  createdAt: string;
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  zipCode: string;
  city: string;
  country: string;
  items: readonly { name: string; sizeLabel: string; colorName: string; quantity: number }[];
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  vat: number;
  promo?: { code: string };
  carrier?: string;
  trackingNumber?: string;
}

export const ORDERS_CSV_COLUMNS = [
  'Order number',
  'Date (Zürich)',
  'Status',
  'First name',
  'Last name',
  'Email',
  'Address',
  'ZIP code',
  'City',
  'Country',
  'Items',
  'Subtotal CHF',
  'Shipping CHF',
  'Discount CHF',
  'Total CHF',
  'VAT included CHF',
  'Promo code',
  'Carrier',
  'Tracking number',
] as const;

const BOM = '\uFEFF';

const francs = (rappen: number) => (rappen / 100).toFixed(2);

const ZURICH = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * RFC 4180 quoting, and a leading = + - @ (or tab, CR) made inert with an apostrophe: a
 * customer's "=HYPERLINK(...)" as a name must not run as a formula in the bookkeeper's Excel.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function ordersCsv(orders: Iterable<CsvOrder>): string {
  const rows = [ORDERS_CSV_COLUMNS.map(csvCell).join(',')];
  for (const order of orders) {
    const items = order.items
      .map((item) => {
        const variant = [item.sizeLabel, item.colorName].filter(Boolean).join(', ');
        return `${item.quantity} × ${item.name}${variant ? ` (${variant})` : ''}`;
      })
      .join('; ');
    rows.push(
      [
        order.number,
        ZURICH.format(new Date(order.createdAt)),
        order.status,
        order.firstName,
        order.lastName,
        order.email,
        order.address,
        order.zipCode,
        order.city,
        order.country,
        items,
        francs(order.subtotal),
        francs(order.shipping),
        francs(order.discount),
        francs(order.total),
        francs(order.vat),
        order.promo?.code ?? '',
        order.carrier ?? '',
        order.trackingNumber ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${BOM}${rows.join('\r\n')}\r\n`;
}
