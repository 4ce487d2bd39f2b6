/**
 * Stands in for `prettier/standalone` and `prettier/plugins/html` in the Lambda bundles (see
 * ShopFunction). React Email's `render` imports prettier at the top of its module for its
 * `pretty` option alone, which no email of ours passes; bundled, prettier was 252 KiB of the
 * order-confirmation consumer. A static import cannot be made external (the bundle would then fail
 * to load without prettier beside it), so the bundler gets this module instead: `{ ...html }`
 * finds no printers to patch, and a call to `format` says what happened.
 */
export function format(): never {
  throw new Error(
    'prettier is not bundled into the Lambda functions (infra/cdk/constructs/shop-function.ts): render emails without `pretty`.',
  );
}
