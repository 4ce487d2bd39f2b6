import { describe, expect, it } from 'vitest';
import { csvCell, ORDERS_CSV_COLUMNS, ordersCsv, type CsvOrder } from './orders-csv';

const order: CsvOrder = {
  number: '0000ABCD',
  createdAt: '2026-11-23T23:30:00.000Z',
  status: 'shipped',
  firstName: 'Zoé',
  lastName: 'Müller, "Mimi"',
  email: 'zoe@example.ch',
  address: 'Grüngasse 1',
  zipCode: '8004',
  city: 'Zürich',
  country: 'CH',
  items: [
    { name: 'Merino Pullover', sizeLabel: 'M', colorName: 'Schwarz', quantity: 2 },
    { name: 'Tote', sizeLabel: '', colorName: '', quantity: 1 },
  ],
  subtotal: 30_000,
  shipping: 700,
  discount: 3_000,
  total: 27_700,
  vat: 2_077,
  promo: { code: 'WELCOME10' },
  carrier: 'Swiss Post',
  trackingNumber: '99.00.1',
};

describe('ordersCsv', () => {
  it('starts with a BOM and the columns, and writes CHF with two decimals, Zürich time and the lines', () => {
    const csv = ordersCsv([order]);
    expect(csv.startsWith('\uFEFFOrder number,')).toBe(true);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header!.split(',')).toHaveLength(ORDERS_CSV_COLUMNS.length);
    expect(row).toBe(
      '0000ABCD,2026-11-24 00:30,shipped,Zoé,"Müller, ""Mimi""",zoe@example.ch,Grüngasse 1,8004,Zürich,CH,' +
        '"2 × Merino Pullover (M, Schwarz); 1 × Tote",300.00,7.00,30.00,277.00,20.77,WELCOME10,Swiss Post,99.00.1',
    );
  });

  it('makes a formula typed as a name inert in a spreadsheet', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+41 44')).toBe(`"'+41 44"`);
    expect(csvCell('plain')).toBe('plain');
  });
});
