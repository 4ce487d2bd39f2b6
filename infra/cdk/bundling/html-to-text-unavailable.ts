/**
 * Stands in for `html-to-text` in the Lambda bundles (see ShopFunction). React Email's `render`
 * module imports it at the top for `toPlainText` and render's `plainText` option alone, which no
 * email of ours uses: the order confirmation writes its text version from the same summary as its
 * HTML (functions/email/order-confirmation.tsx). Bundled, html-to-text with htmlparser2 and two
 * copies of the entities tables was ~190 KiB of the order-confirmation consumer. As with prettier,
 * the bundler gets this module instead, and a call says what happened.
 */
export function convert(): never {
  throw new Error(
    'html-to-text is not bundled into the Lambda functions (infra/cdk/constructs/shop-function.ts): write the text version from the email’s data, not with toPlainText or render’s plainText option.',
  );
}
