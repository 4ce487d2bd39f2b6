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

/**
 * Uploaded product photos are served in these widths (WebP), made by the media consumer from
 * the admin's upload; the storefront lets the browser pick one through `srcset`.
 */
export const MEDIA_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type MediaImageWidth = (typeof MEDIA_IMAGE_WIDTHS)[number];
/** The bucket folder, and the URL path on the site's own origin, of the web-sized variants. */
export const MEDIA_IMAGE_PREFIX = 'media/images/';
/** The width a product stores (and an email or an old browser gets): sharp on any screen. */
const STORED_WIDTH: MediaImageWidth = 1280;

const MEDIA_IMAGE_URL = /^(\/media\/images\/[0-9a-f-]{36})-(\d+)\.webp$/;

/** The bucket key of one variant of an uploaded image. */
export function mediaImageKey(imageId: string, width: MediaImageWidth): string {
  return `${MEDIA_IMAGE_PREFIX}${imageId}-${width}.webp`;
}

/** The URL a product stores for an uploaded image: a path on the site's own origin. */
export function mediaImageUrl(imageId: string): string {
  return `/${mediaImageKey(imageId, STORED_WIDTH)}`;
}

/**
 * `src` and `srcset` for a product image: every width of an uploaded one, or the URL alone
 * for any other image (the seeded drawings are SVG and fit every width).
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const match = MEDIA_IMAGE_URL.exec(url);
  if (!match) return { src: url };
  const base = match[1] as string;
  return {
    src: `${base}-${STORED_WIDTH}.webp`,
    srcSet: MEDIA_IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}

/** The smallest variant of an uploaded image, for thumbnails (cart, order lines, emails). */
export function thumbnailImage(url: string): string {
  const match = MEDIA_IMAGE_URL.exec(url);
  return match ? `${match[1] as string}-${MEDIA_IMAGE_WIDTHS[0]}.webp` : url;
}
