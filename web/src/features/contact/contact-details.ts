/**
 * How to reach the shop: one place for the contact page, the legal pages and structured data.
 * Proper names and numbers, not prose, so not in the dictionaries; only the country name is
 * translated (`contactPage.country`). The numbers are fictional.
 */
export const CONTACT_DETAILS = {
  company: 'LINEA',
  street: 'Bahnhofstrasse 1',
  postalCode: '8001',
  city: 'Zürich',
  countryCode: 'CH',
  email: 'hello@linea.ch',
  phone: '+41 44 000 00 00',
} as const;

/** "Bahnhofstrasse 1, 8001 Zürich, Switzerland", for running text. */
export function postalAddressLine(countryName: string): string {
  const { street, postalCode, city } = CONTACT_DETAILS;
  return `${street}, ${postalCode} ${city}, ${countryName}`;
}

/** The phone number as a tel: URI (digits and the leading +). */
export const phoneHref = (): string => `tel:${CONTACT_DETAILS.phone.replace(/[^\d+]/g, '')}`;
