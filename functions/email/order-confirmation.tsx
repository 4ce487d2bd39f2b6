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
  toPlainText,
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
  const t = serverDictionaries[order.locale].email.orderConfirmation;
  const subject = fill(t.subject, { number: order.number });
  const element = <OrderConfirmation order={order} orderUrl={options.orderUrl} subject={subject} />;
  const html = await render(element);
  // The text version is read off the same HTML, so the two cannot disagree.
  return { subject, html, text: toPlainText(html, plainTextOptions) };
}

/**
 * Layout tables stay blocks in the text version; the two marked as data (lines, totals) keep
 * their columns, so "2   CHF 258.00" does not run together into "2CHF 258.00".
 */
const dataTable = {
  role: 'presentation',
  width: '100%',
  border: 0,
  cellPadding: 0,
  cellSpacing: 0,
  'data-text-table': 'true',
} as const;

const plainTextOptions = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    {
      selector: 'table[data-text-table]',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, colSpacing: 3, maxColumnWidth: 40 },
    },
  ],
};

interface Props {
  order: OrderDto;
  orderUrl: string;
  subject: string;
}

function OrderConfirmation({ order, orderUrl, subject }: Props) {
  const locale = order.locale;
  const dictionary = serverDictionaries[locale].email;
  const t = dictionary.orderConfirmation;
  const chf = (amount: number) => formatChf(amount, locale);
  const discountLabel = order.promo ? fill(t.discountWithCode, { code: order.promo.code }) : t.discount;

  return (
    <Html lang={locale}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{fill(t.preview, { number: order.number })}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Panel style={styles.header}>
            <Text style={styles.wordmark}>LINEA</Text>
          </Panel>

          <Panel style={styles.content}>
            <Heading as="h1" style={styles.h1}>
              {fill(t.heading, { name: order.firstName })}
            </Heading>
            <Text style={styles.paragraph}>{t.intro}</Text>

            <table {...dataTable}>
              <tbody>
                <tr>
                  <td style={{ ...styles.label, ...styles.metaCell }}>{t.orderNumber}</td>
                  <td style={{ ...styles.label, ...styles.metaCell }}>{t.orderDate}</td>
                </tr>
                <tr>
                  <td style={styles.metaValue}>{order.number}</td>
                  <td style={styles.metaValue}>{formatOrderDate(order.createdAt, locale)}</td>
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
                {order.items.map((item, index) => (
                  <tr key={`${item.productId}-${item.size}-${item.color}-${index}`}>
                    <td style={{ ...styles.cell, ...styles.itemCell }}>
                      <div style={styles.itemName}>{item.name}</div>
                      <div style={styles.itemOptions}>
                        {fill(t.options, { size: item.sizeLabel, color: item.colorName })}
                      </div>
                    </td>
                    <td style={{ ...styles.cell, ...styles.quantityCell }}>{item.quantity}</td>
                    <td style={{ ...styles.cell, ...styles.amountCell }}>{chf(item.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <table {...dataTable}>
              <tbody>
                <TotalRow label={t.subtotal} value={chf(order.subtotal)} first />
                <TotalRow label={t.shipping} value={order.shipping === 0 ? t.shippingFree : chf(order.shipping)} />
                {order.discount > 0 ? <TotalRow label={discountLabel} value={`-${chf(order.discount)}`} /> : null}
                <TotalRow label={t.total} value={chf(order.total)} grand />
              </tbody>
            </table>
            <Text style={styles.vat}>{fill(t.vatIncluded, { rate: formatRate(locale), amount: chf(order.vat) })}</Text>

            <Text style={{ ...styles.label, ...styles.blockLabel }}>{t.shippingAddress}</Text>
            <Text style={styles.paragraph}>
              {`${order.firstName} ${order.lastName}`}
              <br />
              {order.address}
              <br />
              {`${order.zipCode} ${order.city}`}
              <br />
              {countryName(order.country, locale)}
            </Text>

            <Text style={{ ...styles.label, ...styles.blockLabel }}>{t.nextHeading}</Text>
            <Text style={styles.paragraph}>
              {fill(t.nextText, {
                min: SHOP_POLICY.dispatchBusinessDays.min,
                max: SHOP_POLICY.dispatchBusinessDays.max,
              })}
            </Text>

            <Section style={styles.action}>
              <Button href={orderUrl} style={styles.button}>
                {t.cta}
              </Button>
            </Section>
          </Panel>

          <Panel style={styles.footer}>
            <Text style={styles.footerText}>{dictionary.footer}</Text>
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

function TotalRow(props: { label: string; value: string; first?: boolean; grand?: boolean }) {
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
