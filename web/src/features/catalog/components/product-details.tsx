import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { OptionGroup } from '../../../components/ui/option-group';
import { Price } from '../../../components/ui/price';
import { ProductGallery } from './product-gallery';

/**
 * A product's page body: gallery, name, price, description and the colour and size choosers.
 * The storefront issue adds the size guide, quantity and add-to-cart to the chosen options.
 */
export function ProductDetails({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const [color, setColor] = useState<string | undefined>(product.colors.length === 1 ? product.colors[0] : undefined);
  const [size, setSize] = useState<string | undefined>(undefined);
  const [imageIndex, setImageIndex] = useState(0);
  // The catalogue's art is one image per colour, in the same order: choosing a colour shows it.
  const imagePerColor = product.images.length > 1 && product.images.length === product.colors.length;

  function chooseColor(next: string) {
    setColor(next);
    if (imagePerColor) setImageIndex(product.colors.indexOf(next));
  }

  return (
    <div className="product-details">
      <ProductGallery images={product.images} name={product.name} selected={imageIndex} onSelect={setImageIndex} />
      <div className="product-info">
        <h1>{product.name}</h1>
        <p className="product-price">
          <Price amount={product.price} />
        </p>
        {!product.inStock ? <p className="muted">{t('product.outOfStock')}</p> : null}
        <section aria-labelledby="product-description-heading">
          <h2 id="product-description-heading" className="visually-hidden">
            {t('product.description')}
          </h2>
          <p className="product-description">{product.description}</p>
        </section>
        {product.colors.length > 0 ? (
          <OptionGroup
            legend={t('product.color')}
            name="color"
            options={product.colors}
            value={color}
            onChange={chooseColor}
          />
        ) : null}
        {product.sizes.length > 0 ? (
          <OptionGroup legend={t('product.size')} name="size" options={product.sizes} value={size} onChange={setSize} />
        ) : null}
      </div>
    </div>
  );
}
