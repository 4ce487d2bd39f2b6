/**
 * The carriers the admin picks from (spec §3, with Swiss Post first: the carrier a Swiss shop
 * uses most) and where each one's tracking page lives.
 */
export const CARRIERS = [
  'Swiss Post',
  'UPS',
  'FedEx',
  'DHL',
  'USPS',
  'Amazon Logistics',
  'OnTrac',
  'LaserShip',
  'Other',
] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Partial<Record<Carrier, (number: string) => string>> = {
  'Swiss Post': (n) => `https://service.post.ch/ekp-web/ui/entry/shipping/1/?formattedParcelCodes=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/ch-en/home/tracking.html?tracking-id=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

/**
 * The tracking page of a parcel, for the carriers whose page takes the number in its address
 * (spec §4: UPS, FedEx, DHL and USPS, plus Swiss Post); undefined for the others or without a
 * number. The admin form fills it in and leaves it editable.
 */
export function trackingUrlFor(carrier: string | undefined, trackingNumber: string | undefined): string | undefined {
  const number = trackingNumber?.trim();
  const page = carrier ? TRACKING_PAGES[carrier as Carrier] : undefined;
  return number && page ? page(encodeURIComponent(number)) : undefined;
}
