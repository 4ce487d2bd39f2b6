/**
 * Products photographed once per colour keep one image per colour, in the colours' order; the
 * line a shopper buys shows the picture of the colour they chose, in the cart, at checkout, on
 * the confirmation and in the email alike.
 */
export function imageForColor(
  product: { readonly images: readonly string[]; readonly colors: readonly string[] },
  color: string,
): string {
  const perColor = hasImagePerColor(product);
  const index = product.colors.indexOf(color);
  return (perColor && index >= 0 ? product.images[index] : undefined) ?? product.images[0] ?? '';
}

/** Whether the gallery follows the colour chooser (one image per colour). */
export function hasImagePerColor(product: {
  readonly images: readonly string[];
  readonly colors: readonly string[];
}): boolean {
  return product.images.length > 1 && product.images.length === product.colors.length;
}
