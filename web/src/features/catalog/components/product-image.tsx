import { useTranslation } from 'react-i18next';
import type { ImgHTMLAttributes } from 'react';
import { responsiveImage } from '@linea/shared/domain/product-image';

/** Product art is portrait, 4:5 (800 × 1000); the intrinsic size reserves its box before it loads. */
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1000;

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'sizes'> {
  src: string | undefined;
  alt: string;
  /** How wide the image is drawn, so the browser picks the smallest uploaded variant that is sharp enough. */
  sizes: string;
}

/** An <img> with fixed aspect ratio, or a neutral box of the same size when there is no image. */
export function ProductImage({ src, alt, className, sizes, ...props }: ProductImageProps) {
  const { t } = useTranslation();
  const classes = ['product-image', className].filter(Boolean).join(' ');
  if (!src) {
    return (
      <div className={`${classes} product-image-missing`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <span aria-hidden="true">{t('product.noImage')}</span>
      </div>
    );
  }
  const { src: fallback, srcSet } = responsiveImage(src);
  return (
    <img
      className={classes}
      src={fallback}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      // The image a page is judged by (fetchPriority high) is painted as soon as it is there,
      // not after an asynchronous decode; the others may wait.
      decoding={props.fetchPriority === 'high' ? 'auto' : 'async'}
      {...props}
    />
  );
}
