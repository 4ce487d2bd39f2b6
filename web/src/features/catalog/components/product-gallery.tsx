import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lightbox } from '../../../components/ui/lightbox';
import { responsiveImage } from '@linea/shared/domain/product-image';
import { ProductImage } from './product-image';

/** The gallery takes 7 of 12 columns beside the details from 48rem (catalog.css .product-details), else the width. */
const GALLERY_SIZES = '(min-width: 48rem) 58vw, 100vw';

export interface ProductGalleryProps {
  images: readonly string[];
  name: string;
  /** The language `name` is written in, when it may differ from the page's (an untranslated product). */
  nameLanguage?: string;
  /** The shown image, when the parent controls it (e.g. following the chosen colour). */
  selected?: number;
  onSelect?: (index: number) => void;
}

/**
 * The selected image large, and a thumbnail button per image when there are several. The large
 * image is a button that opens every image full screen, starting with itself. Browsing there
 * leaves the page's choice alone: with one image per colour, it would change the colour.
 */
export function ProductGallery({ images, name, nameLanguage, selected: controlled, onSelect }: ProductGalleryProps) {
  const { t } = useTranslation();
  const [uncontrolled, setUncontrolled] = useState(0);
  const [lightboxIndex, setLightboxIndex] = useState(0);
  const count = images.length;
  const selected = Math.min(controlled ?? uncontrolled, Math.max(count - 1, 0));
  const setSelected = (index: number) => {
    setUncontrolled(index);
    onSelect?.(index);
  };
  const current = images[selected];
  const altOf = (index: number) => (count > 1 ? t('product.imageAlt', { name, index: index + 1, count }) : name);
  const mainImage = (
    <ProductImage
      className="product-gallery-main"
      src={current}
      alt={altOf(selected)}
      sizes={GALLERY_SIZES}
      fetchPriority="high"
    />
  );

  return (
    <section className="product-gallery" aria-label={t('product.gallery')}>
      {current ? (
        <Lightbox
          images={images.map((src, index) => ({ ...responsiveImage(src), alt: altOf(index) }))}
          index={lightboxIndex}
          onIndexChange={setLightboxIndex}
          onOpenChange={(open) => {
            if (open) setLightboxIndex(selected);
          }}
          trigger={
            <button
              type="button"
              className="product-gallery-open"
              aria-label={
                count > 1 ? t('product.enlargeImage', { index: selected + 1, count }) : t('product.enlargeOnlyImage')
              }
            >
              {mainImage}
            </button>
          }
          title={<span lang={nameLanguage}>{name}</span>}
          closeLabel={t('product.closeImages')}
          previousLabel={t('product.previousImage')}
          nextLabel={t('product.nextImage')}
          positionLabel={(index, total) => t('product.imagePosition', { index: index + 1, count: total })}
        />
      ) : (
        mainImage
      )}
      {count > 1 ? (
        <ul className="product-gallery-thumbs">
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                className="thumb"
                aria-label={t('product.showImage', { index: index + 1, count })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => setSelected(index)}
              >
                <ProductImage src={image} alt="" sizes="6rem" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
