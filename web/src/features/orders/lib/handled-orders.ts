/**
 * The orders whose lines have already been taken out of the cart, so that coming back to a
 * confirmation (or opening the email's link in another tab) does not remove pieces added to the
 * cart since. Kept beside the cart in localStorage, because the cart is shared by every tab.
 */
const HANDLED_KEY = 'linea-confirmed-orders';
/** Enough for any session; old ids drop off the front. */
const MAX_REMEMBERED = 50;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HANDLED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function wasOrderHandled(orderId: string): boolean {
  return read().includes(orderId);
}

export function markOrderHandled(orderId: string): void {
  const ids = [...read().filter((id) => id !== orderId), orderId].slice(-MAX_REMEMBERED);
  try {
    localStorage.setItem(HANDLED_KEY, JSON.stringify(ids));
  } catch {
    // Without storage a revisit may remove the lines again; the order itself is unaffected.
  }
}
