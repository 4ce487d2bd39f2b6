/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Html,
  Preview,
  Row,
  Section,
  Text,
  render,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { formatChf, VAT_RATE_PERCENT, type Locale } from '@linea/shared/domain/money';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { fill, SHOP_TIME_ZONE } from './format';
import type { RenderedEmail } from './layout';

/**
 * The order confirmation, in the order's language. Built with React Email because its tables
 * (lines, totals) are what mail clients mangle when hand-written; React also escapes every
 * text the shopper typed. The look follows layout.ts: wordmark, white card on warm grey.
 */
/**
 * @param options.orderUrl where the button leads: the order's page, which a guest opens with
 *   the payment session id (their proof of purchase) and a customer with the order id.
 */
export async function orderConfirmationEmail(order: OrderDto, options: { orderUrl: string }): Promise<RenderedEmail> {
  const summary = summarise(order, options.orderUrl);
  const html = await render(<OrderConfirmation summary={summary} />);
  return { subject: summary.subject, html, text: plainText(summary) };
}

/**
 * Every text of the email, worked out once from the order: the HTML and the plain-text version
 * are both laid out from it, so the two cannot disagree.
 */
interface Summary {
  lang: Locale;
  subject: string;
  /** The inbox preview line: HTML only. */
  preview: string;
  t: (typeof serverDictionaries)[Locale]['email']['orderConfirmation'];
  heading: string;
  number: string;
  date: string;
  items: { key: string; name: string; options: string; quantity: number; amount: string }[];
  totals: TotalRowProps[];
  vat: string;
  /** Name, street, postcode and city, country: one line each. */
  address: [string, string, string, string];
  nextText: string;
  orderUrl: string;
  footer: string;
}

function summarise(order: OrderDto, orderUrl: string): Summary {
  const locale = order.locale;
  const dictionary = serverDictionaries[locale].email;
  const t = dictionary.orderConfirmation;
  const chf = (amount: number) => formatChf(amount, locale);
  const discountLabel = order.promo ? fill(t.discountWithCode, { code: order.promo.code }) : t.discount;
  return {
    lang: locale,
    subject: fill(t.subject, { number: order.number }),
    preview: fill(t.preview, { number: order.number }),
    t,
    heading: fill(t.heading, { name: order.firstName }),
    number: order.number,
    date: formatOrderDate(order.createdAt, locale),
    items: order.items.map((item, index) => ({
      key: `${item.productId}-${item.size}-${item.color}-${index}`,
      name: item.name,
      options: fill(t.options, { size: item.sizeLabel, color: item.colorName }),
      quantity: item.quantity,
      amount: chf(item.lineTotal),
    })),
    totals: [
      { label: t.subtotal, value: chf(order.subtotal), first: true },
      { label: t.shipping, value: order.shipping === 0 ? t.shippingFree : chf(order.shipping) },
      ...(order.discount > 0 ? [{ label: discountLabel, value: `-${chf(order.discount)}` }] : []),
      { label: t.total, value: chf(order.total), grand: true },
    ],
    vat: fill(t.vatIncluded, { rate: formatRate(locale), amount: chf(order.vat) }),
    address: [
      `${order.firstName} ${order.lastName}`,
      order.address,
      `${order.zipCode} ${order.city}`,
      countryName(order.country, locale),
    ],
    nextText: fill(t.nextText, {
      min: SHOP_POLICY.dispatchBusinessDays.min,
      max: SHOP_POLICY.dispatchBusinessDays.max,
    }),
    orderUrl,
    footer: dictionary.footer,
  };
}

/**
 * The plain-text version: the HTML's blocks in its order, its tables (the order's number and date,
 * the lines, the totals) as columns, so "2   CHF 258.00" does not run together into
 * "2CHF 258.00". Written from the summary rather than read off the HTML, which would take an HTML
 * parser and its entity tables (html-to-text: ~190 KiB of the function's bundle).
 */
function plainText(summary: Summary): string {
  const { t } = summary;
  const itemWidths = columnWidths(
    [[t.item, t.quantity, t.amount], ...summary.items.map((item) => [item.name, String(item.quantity), item.amount])],
    // An item's options stand on their own line below its name, in the first column.
    summary.items.map((item) => item.options),
  );
  return [
    'LINEA',
    '',
    summary.heading,
    '',
    t.intro,
    '',
    ...columns([
      [t.orderNumber, t.orderDate],
      [summary.number, summary.date],
    ]),
    '',
    row([t.item, t.quantity, t.amount], itemWidths),
    ...summary.items.flatMap((item) => [
      row([item.name, String(item.quantity), item.amount], itemWidths),
      item.options,
    ]),
    '',
    ...columns(summary.totals.map((total) => [total.label, total.value])),
    '',
    summary.vat,
    '',
    t.shippingAddress,
    '',
    ...summary.address,
    '',
    t.nextHeading,
    '',
    summary.nextText,
    '',
    `${t.cta} ${summary.orderUrl}`,
    '',
    summary.footer,
  ].join('\n');
}

/** Space between the columns of a plain-text table. */
const COLUMN_GAP = 3;

/** Each column as wide as its widest cell; `firstColumnAlso` counts towards the first column. */
function columnWidths(rows: readonly (readonly string[])[], firstColumnAlso: readonly string[] = []): number[] {
  const count = Math.max(...rows.map((cells) => cells.length));
  return Array.from({ length: count }, (_, column) =>
    Math.max(
      ...rows.map((cells) => cells[column]?.length ?? 0),
      ...(column === 0 ? firstColumnAlso.map((text) => text.length) : []),
    ),
  );
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, column) => (column < cells.length - 1 ? cell.padEnd((widths[column] ?? 0) + COLUMN_GAP) : cell))
    .join('');
}

function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = columnWidths(rows);
  return rows.map((cells) => row(cells, widths));
}

/** The three tables that hold data (number and date, lines, totals): layout for mail clients, no borders. */
const dataTable = {
  role: 'presentation',
  width: '100%',
  border: 0,
  cellPadding: 0,
  cellSpacing: 0,
} as const;

function OrderConfirmation({ summary }: { summary: Summary }) {
  const { t } = summary;
  return (
    <Html lang={summary.lang}>
      <Head>
        <title>{summary.subject}</title>
      </Head>
      <Preview>{summary.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Panel style={styles.header}>
            <Text style={styles.wordmark}>LINEA</Text>
          </Panel>

          <Panel style={styles.content}>
            <Heading as="h1" style={styles.h1}>
              {summary.heading}
            </Heading>
            <Text style={styles.paragraph}>{t.intro}</Text>

            <table {...dataTable}>
              <tbody>
                <tr>
                  <td style={{ ...styles.label, ...styles.metaCell }}>{t.orderNumber}</td>
                  <td style={{ ...styles.label, ...styles.metaCell }}>{t.orderDate}</td>
                </tr>
                <tr>
                  <td style={styles.metaValue}>{summary.number}</td>
                  <td style={styles.metaValue}>{summary.date}</td>
                </tr>
              </tbody>
            </table>

            <table {...dataTable}>
              <thead>
                <tr>
                  <th style={{ ...styles.headCell, ...styles.itemCell }}>{t.item}</th>
                  <th style={{ ...styles.headCell, ...styles.quantityCell }}>{t.quantity}</th>
                  <th style={{ ...styles.headCell, ...styles.amountCell }}>{t.amount}</th>
                </tr>
              </thead>
              <tbody>
                {summary.items.map((item) => (
                  <tr key={item.key}>
                    <td style={{ ...styles.cell, ...styles.itemCell }}>
                      <div style={styles.itemName}>{item.name}</div>
                      <div style={styles.itemOptions}>{item.options}</div>
                    </td>
                    <td style={{ ...styles.cell, ...styles.quantityCell }}>{item.quantity}</td>
                    <td style={{ ...styles.cell, ...styles.amountCell }}>{item.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <table {...dataTable}>
              <tbody>
                {summary.totals.map((total) => (
                  <TotalRow key={total.label} {...total} />
                ))}
              </tbody>
            </table>
            <Text style={styles.vat}>{summary.vat}</Text>

            <Text style={{ ...styles.label, ...styles.blockLabel }}>{t.shippingAddress}</Text>
            <Text style={styles.paragraph}>
              {summary.address[0]}
              <br />
              {summary.address[1]}
              <br />
              {summary.address[2]}
              <br />
              {summary.address[3]}
            </Text>

            <Text style={{ ...styles.label, ...styles.blockLabel }}>{t.nextHeading}</Text>
            <Text style={styles.paragraph}>{summary.nextText}</Text>

            <Section style={styles.action}>
              <Button href={summary.orderUrl} style={styles.button}>
                {t.cta}
              </Button>
            </Section>
          </Panel>

          <Panel style={styles.footer}>
            <Text style={styles.footerText}>{summary.footer}</Text>
          </Panel>
        </Container>
      </Body>
    </Html>
  );
}

/** A full-width block whose spacing sits on a cell, where every mail client (Outlook too) honours padding. */
function Panel({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <Row>
      <Column style={style}>{children}</Column>
    </Row>
  );
}

interface TotalRowProps {
  label: string;
  value: string;
  first?: boolean;
  grand?: boolean;
}

function TotalRow(props: TotalRowProps) {
  const style = {
    ...styles.totalCell,
    ...(props.first ? styles.firstTotal : {}),
    ...(props.grand ? styles.grandTotal : {}),
  };
  return (
    <tr>
      <td style={style}>{props.label}</td>
      <td style={{ ...style, ...styles.amountCell }}>{props.value}</td>
    </tr>
  );
}

/** The day the shopper ordered, as the shop in Zürich counts days. */
function formatOrderDate(createdAt: string, locale: Locale): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return new Intl.DateTimeFormat(`${locale}-CH`, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }).format(date);
}

function formatRate(locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-CH`, { maximumFractionDigits: 2 }).format(VAT_RATE_PERCENT);
}

/** "Switzerland" / "Schweiz" for CH; an unknown code is shown as it is. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([`${locale}-CH`], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const font = 'Helvetica, Arial, sans-serif';
const rule = '1px solid #e7e5e4';

const styles = {
  body: { margin: 0, padding: '32px 16px', backgroundColor: '#f5f5f4', fontFamily: font },
  card: { maxWidth: '560px', backgroundColor: '#ffffff' },
  header: { padding: '32px 40px 8px' },
  wordmark: {
    fontFamily: font,
    margin: 0,
    fontSize: '20px',
    lineHeight: '24px',
    letterSpacing: '0.4em',
    color: '#171717',
  },
  content: { padding: '24px 40px 32px' },
  h1: { fontFamily: font, margin: '0 0 16px', fontSize: '22px', fontWeight: 400, lineHeight: '1.3', color: '#171717' },
  paragraph: { fontFamily: font, margin: '0 0 16px', fontSize: '15px', lineHeight: '1.6', color: '#262626' },
  label: {
    fontFamily: font,
    fontSize: '11px',
    lineHeight: '16px',
    letterSpacing: '0.12em',
    textTransform: 'uppercase',
    color: '#57534e',
  },
  blockLabel: { margin: '32px 0 4px' },
  metaCell: { width: '50%', padding: '8px 0 4px' },
  metaValue: { fontFamily: font, padding: '0 0 32px', fontSize: '15px', lineHeight: '1.5', color: '#171717' },
  headCell: {
    fontFamily: font,
    padding: '0 0 8px',
    borderBottom: rule,
    fontSize: '11px',
    fontWeight: 400,
    lineHeight: '16px',
    letterSpacing: '0.12em',
    textTransform: 'uppercase',
    color: '#57534e',
  },
  cell: {
    fontFamily: font,
    padding: '12px 0',
    borderBottom: rule,
    fontSize: '15px',
    lineHeight: '1.4',
    color: '#262626',
    verticalAlign: 'top',
  },
  itemCell: { paddingRight: '8px', textAlign: 'left' },
  itemName: { color: '#171717' },
  itemOptions: { marginTop: '2px', fontSize: '13px', color: '#57534e' },
  quantityCell: { width: '56px', textAlign: 'center' },
  amountCell: { width: '120px', textAlign: 'right', whiteSpace: 'nowrap' },
  totalCell: { fontFamily: font, padding: '4px 0', fontSize: '14px', lineHeight: '1.5', color: '#262626' },
  firstTotal: { paddingTop: '16px' },
  grandTotal: { padding: '12px 0 4px', fontSize: '16px', fontWeight: 700, color: '#171717' },
  vat: {
    fontFamily: font,
    margin: '4px 0 0',
    fontSize: '12px',
    lineHeight: '1.5',
    color: '#57534e',
    textAlign: 'right',
  },
  action: { margin: '8px 0 0' },
  button: {
    fontFamily: font,
    display: 'inline-block',
    padding: '12px 24px',
    backgroundColor: '#171717',
    color: '#fafafa',
    textDecoration: 'none',
    fontSize: '14px',
    letterSpacing: '0.04em',
  },
  footer: { padding: '16px 40px 32px', borderTop: rule },
  footerText: { fontFamily: font, margin: 0, fontSize: '12px', lineHeight: '1.5', color: '#57534e' },
} satisfies Record<string, CSSProperties>;
