import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image';

export interface ProductGalleryProps {
  images: readonly string[];
  name: string;
  /** The shown image, when the parent controls it (e.g. following the chosen colour). */
  selected?: number;
  onSelect?: (index: number) => void;
}

/** The selected image large, and a thumbnail button per image when there are several. */
export function ProductGallery({ images, name, selected: controlled, onSelect }: ProductGalleryProps) {
  const { t } = useTranslation();
  const [uncontrolled, setUncontrolled] = useState(0);
  const selected = controlled ?? uncontrolled;
  const setSelected = (index: number) => {
    setUncontrolled(index);
    onSelect?.(index);
  };
  const count = images.length;
  const current = images[Math.min(selected, Math.max(count - 1, 0))];

  return (
    <section className="product-gallery" aria-label={t('product.gallery')}>
      <ProductImage
        className="product-gallery-main"
        src={current}
        alt={count > 1 ? t('product.imageAlt', { name, index: selected + 1, count }) : name}
        fetchPriority="high"
      />
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
                <ProductImage src={image} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
