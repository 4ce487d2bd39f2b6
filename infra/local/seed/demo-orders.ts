/**
 * About 90 days of past orders for a newcomer's first `npm start`, so the admin's overview,
 * analytics and orders show a shop in business. Every customer is a demo person at example.com;
 * the same seed gives the same shop, shifted to end today. Only the local launcher uses this,
 * never the cloud.
 */
import type { OrderStatus, StatusChangeReason } from '@linea/shared/domain/order-status';
import { priceOrder } from '@linea/shared/domain/pricing';
import { imageForColor } from '@linea/shared/domain/product-image';
import { colorName, localiseProduct } from '@linea/shared/domain/product-texts';
import { sizeLabel } from '@linea/shared/domain/sizes';
import type { Order, OrderItem, StatusChange } from '../../../functions/data/order-repository';
import type { Product } from '../../../functions/data/product-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const PEOPLE = [
  ['Lea', 'Meier'],
  ['Noah', 'Keller'],
  ['Mia', 'Schmid'],
  ['Luca', 'Weber'],
  ['Emma', 'Huber'],
  ['Elias', 'Frei'],
  ['Sofia', 'Baumann'],
  ['Leon', 'Graf'],
  ['Laura', 'Brunner'],
  ['Jonas', 'Zimmermann'],
  ['Chiara', 'Rossi'],
  ['Matteo', 'Bernasconi'],
  ['Camille', 'Favre'],
  ['Julien', 'Rochat'],
  ['Nina', 'Steiner'],
  ['David', 'Moser'],
  ['Sara', 'Fischer'],
  ['Tim', 'Widmer'],
  ['Alina', 'Gerber'],
  ['Samuel', 'Lüthi'],
  ['Anja', 'Wyss'],
  ['Fabio', 'Bianchi'],
  ['Zoé', 'Dubois'],
  ['Jan', 'Suter'],
  ['Elena', 'Müller'],
  ['Marc', 'Bühler'],
  ['Lara', 'Kaufmann'],
  ['Nico', 'Roth'],
] as const;

const PLACES = [
  ['Bahnhofstrasse 12', 'Zürich', '8001'],
  ['Spalenberg 40', 'Basel', '4051'],
  ['Kramgasse 7', 'Bern', '3011'],
  ['Rue du Rhône 48', 'Genève', '1204'],
  ['Avenue de la Gare 3', 'Lausanne', '1003'],
  ['Via Nassa 21', 'Lugano', '6900'],
  ['Weggisgasse 15', 'Luzern', '6004'],
  ['Marktgasse 28', 'Winterthur', '8400'],
  ['Multergasse 9', 'St. Gallen', '9000'],
  ['Vordergasse 33', 'Schaffhausen', '8200'],
] as const;

/** A small deterministic generator (mulberry32): the same seed gives the same history. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Which status an order of `ageDays` has reached, and the steps it took to get there. */
function lifeOf(
  ageDays: number,
  roll: number,
): { status: OrderStatus; steps: [OrderStatus, StatusChangeReason, number][] } {
  // [status, why, hours after placing]
  const paid: [OrderStatus, StatusChangeReason, number] = ['confirmed', 'payment_succeeded', 0.05];
  if (roll < 0.07) return { status: 'cancelled', steps: [['cancelled', 'checkout_expired', 0.6]] };
  if (roll < 0.1) return { status: 'cancelled', steps: [paid, ['cancelled', 'admin_update', 20]] };
  if (ageDays < 1 && roll < 0.2) return { status: 'pending', steps: [] };
  const path: [OrderStatus, StatusChangeReason, number][] = [paid];
  if (ageDays >= 1) path.push(['processing', 'admin_update', 18]);
  if (ageDays >= 2) path.push(['shipped', 'admin_update', 30]);
  if (ageDays >= 5) path.push(['delivered', 'admin_update', 80]);
  return { status: path[path.length - 1]![0], steps: path };
}

export interface DemoOrder {
  readonly order: Order;
  /** The transitions it went through, for the admin figures. */
  readonly transitions: readonly { from: OrderStatus; to: OrderStatus; changedAt: string }[];
}

/** Orders placed over the `days` days before `now`, a few a day, more at weekends. */
export function demoOrders(
  catalogue: readonly Product[],
  options: { now?: Date; days?: number; seed?: number } = {},
): DemoOrder[] {
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const random = generator(options.seed ?? 2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const result: DemoOrder[] = [];

  for (let ageDays = days - 1; ageDays >= 0; ageDays -= 1) {
    const dayStart = new Date(now.getTime() - ageDays * DAY_MS);
    const weekend = [0, 6].includes(dayStart.getUTCDay());
    const count = 2 + Math.floor(random() * (weekend ? 6 : 4));
    for (let n = 0; n < count; n += 1) {
      // Between 07:00 and 22:00 Zürich time, and never in the future.
      const placed = new Date(
        Date.UTC(dayStart.getUTCFullYear(), dayStart.getUTCMonth(), dayStart.getUTCDate(), 6) +
          random() * 15 * 3_600_000,
      );
      if (placed > now) continue;
      // First and last names drawn apart: a few hundred demo people, most of whom buy once or twice.
      const [firstName] = pick(PEOPLE);
      const [, lastName] = pick(PEOPLE);
      const [address, city, zipCode] = pick(PLACES);
      const locale = random() < 0.6 ? 'de' : 'en';
      const lines: OrderItem[] = [];
      for (let count = 1 + Math.floor(random() * 2.4); lines.length < count;) {
        const product = pick(catalogue);
        const size = product.sizes.length ? pick(product.sizes) : '';
        const color = product.colors.length ? pick(product.colors) : '';
        if (lines.some((line) => line.productId === product.id && line.size === size && line.color === color)) continue;
        const quantity = random() < 0.85 ? 1 : 2;
        lines.push({
          productId: product.id,
          name: localiseProduct(product, locale).name,
          image: imageForColor(product, color),
          size,
          color,
          sizeLabel: size ? sizeLabel(size, locale) : '',
          colorName: color ? colorName(product, color, locale) : '',
          unitPrice: product.price,
          quantity,
          lineTotal: product.price * quantity,
        });
      }
      const totals = priceOrder(lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity })));
      const id = `demo-${placed.getTime().toString(36)}-${Math.floor(random() * 36 ** 6)
        .toString(36)
        .padStart(6, '0')}`;
      const { status, steps } = lifeOf(ageDays, random());
      const at = (hours: number) =>
        new Date(Math.min(placed.getTime() + hours * 3_600_000, now.getTime())).toISOString();
      const history: StatusChange[] = [{ status: 'pending', at: placed.toISOString(), reason: 'placed' }];
      const transitions: { from: OrderStatus; to: OrderStatus; changedAt: string }[] = [];
      let from: OrderStatus = 'pending';
      for (const [to, reason, hours] of steps) {
        history.push({ status: to, at: at(hours), reason });
        transitions.push({ from, to, changedAt: at(hours) });
        from = to;
      }
      const shipped = status === 'shipped' || status === 'delivered';
      const trackingNumber = `99.00.${100_000 + Math.floor(random() * 899_999)}.${10_000_000 + Math.floor(random() * 89_999_999)}`;
      const order: Order = {
        id,
        email:
          `${firstName}.${lastName}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/\p{Diacritic}/gu, '') + '@example.com',
        firstName,
        lastName,
        address,
        city,
        zipCode,
        country: 'CH',
        locale,
        items: lines,
        ...totals,
        status,
        statusHistory: history,
        ...(shipped
          ? {
              carrier: 'Swiss Post',
              trackingNumber,
              trackingUrl: `https://service.post.ch/ekp-web/ui/entry/shipping/1/?formattedParcelCodes=${trackingNumber}`,
            }
          : {}),
        createdAt: placed.toISOString(),
        updatedAt: history[history.length - 1]!.at,
      };
      result.push({ order, transitions });
    }
  }
  return result;
}
