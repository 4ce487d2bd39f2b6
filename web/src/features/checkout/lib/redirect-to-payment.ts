/**
 * Leaves the shop for the payment provider's hosted page. A module of its own so that tests can
 * replace it: jsdom cannot navigate.
 */
export function redirectToPayment(url: string): void {
  window.location.assign(url);
}
