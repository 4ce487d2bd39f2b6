import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@linea/shared/contracts/products';
import { MAX_LINE_QUANTITY, sameLine } from '@linea/shared/domain/cart';
import { sizeTableFor } from '@linea/shared/domain/size-guide';
import { hasImagePerColor, imageForColor } from '@linea/shared/domain/product-image';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { toast, useToastStore } from '../../../stores/toast-store';
import { ColorChooser } from './color-chooser';
import { PolicyNotes } from './policy-notes';
import { ProductGallery } from './product-gallery';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { SizeChooser } from './size-chooser';
import { SizeGuideDialog } from './size-guide-dialog';
import '../catalog.css';

/** Below this many pieces the page says how many are left. */
const LOW_STOCK = 5;

export interface ProductDetailsProps {
  product: ProductDto;
  /** Beside the add button: the wishlist heart, composed in by the route. */
  wishlistToggle?: ReactNode;
}

/**
 * A product's page body: gallery, name, price, description, colour and size, quantity and
 * add to cart. The chosen quantity is added (the spec's "added once" is a known defect), never
 * more than stock or the per-line limit allows, counting what the cart already holds.
 */
export function ProductDetails({ product, wishlistToggle }: ProductDetailsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const addToCart = useCartStore((state) => state.add);
  const [color, setColor] = useState<string | undefined>(product.colors[0]);
  // A single size (One Size) is no choice at all.
  const [size, setSize] = useState<string | undefined>(product.sizes.length === 1 ? product.sizes[0] : undefined);
  const [sizeMissing, setSizeMissing] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const firstSizeRef = useRef<HTMLInputElement>(null);
  const sizeToastRef = useRef<number | undefined>(undefined);

  // The catalogue's art is one image per colour, in the same order: colour and image follow each other.
  const imagePerColor = hasImagePerColor(product);
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, product.stockQuantity));
  const soldOut = !product.inStock || product.stockQuantity < 1;
  const sizeTable = product.sizes.length > 1 ? sizeTableFor(product.categoryId) : undefined;

  function chooseColor(next: string) {
    setColor(next);
    if (imagePerColor) setImageIndex(product.colors.indexOf(next));
  }

  function chooseImage(index: number) {
    setImageIndex(index);
    if (imagePerColor) setColor(product.colors[index]);
  }

  function chooseSize(next: string) {
    setSize(next);
    setSizeMissing(false);
    // The complaint is answered; it should not linger beside the next toast.
    if (sizeToastRef.current !== undefined) useToastStore.getState().dismiss(sizeToastRef.current);
    sizeToastRef.current = undefined;
  }

  function handleAdd() {
    if (product.sizes.length > 0 && !size) {
      setSizeMissing(true);
      firstSizeRef.current?.focus();
      sizeToastRef.current = toast.error(t('product.selectSize'));
      return;
    }
    const line = { id: product.id, size: size ?? '', color: color ?? '' };
    const inCart = useCartStore.getState().lines.find((existing) => sameLine(existing, line))?.quantity ?? 0;
    const addable = Math.min(quantity, Math.min(MAX_LINE_QUANTITY, product.stockQuantity) - inCart);
    if (addable < 1) {
      toast.info(t('product.limitReached'), t('product.limitReachedDescription', { count: inCart }));
      return;
    }
    addToCart(
      {
        ...line,
        name: product.name,
        price: product.price,
        image: imageForColor(product, color ?? ''),
        sizeLabel: product.sizeLabels[line.size] ?? line.size,
        colorName: product.colorNames[line.color] ?? line.color,
        locale,
      },
      addable,
    );
    const options = [
      line.size && (product.sizeLabels[line.size] ?? line.size),
      line.color && (product.colorNames[line.color] ?? line.color),
    ]
      .filter(Boolean)
      .join(', ');
    toast.success(
      t('product.addedToCart'),
      options
        ? t('product.addedQuantityWithOptions', { quantity: addable, name: product.name, options })
        : t('product.addedQuantity', { quantity: addable, name: product.name }),
    );
  }

  return (
    <div className="product-details">
      <ProductGallery
        images={product.images}
        name={product.name}
        nameLanguage={product.textLanguage.name}
        selected={imageIndex}
        onSelect={chooseImage}
      />
      <div className="product-info">
        <h1 className="product-name" lang={product.textLanguage.name}>
          {product.name}
        </h1>
        <p className="product-price">
          <Price amount={product.price} />
        </p>
        {soldOut ? (
          <p className="product-stock product-stock-out">{t('product.outOfStock')}</p>
        ) : product.stockQuantity <= LOW_STOCK ? (
          <p className="product-stock">{t('product.lowStock', { count: product.stockQuantity })}</p>
        ) : null}
        <section aria-labelledby="product-description-heading">
          <h2 id="product-description-heading" className="visually-hidden">
            {t('product.description')}
          </h2>
          <p className="product-description" lang={product.textLanguage.description}>
            {product.description}
          </p>
        </section>
        {product.colors.length > 0 ? (
          <ColorChooser colors={product.colors} names={product.colorNames} value={color} onChange={chooseColor} />
        ) : null}
        {product.sizes.length > 0 ? (
          <SizeChooser
            sizes={product.sizes}
            labels={product.sizeLabels}
            value={size}
            onChange={chooseSize}
            error={sizeMissing ? t('product.selectSize') : undefined}
            aside={sizeTable ? <SizeGuideDialog table={sizeTable} /> : undefined}
            firstOptionRef={firstSizeRef}
          />
        ) : null}
        <div className="purchase">
          <QuantityStepper
            value={quantity}
            max={maxQuantity}
            onChange={setQuantity}
            label={t('product.quantity')}
            decreaseLabel={t('product.decreaseQuantity')}
            increaseLabel={t('product.increaseQuantity')}
            disabled={soldOut}
          />
          <div className="purchase-actions">
            <Button className="add-to-cart" onClick={handleAdd} disabled={soldOut}>
              {t('product.addToCart')}
            </Button>
            {wishlistToggle}
          </div>
        </div>
        <PolicyNotes />
      </div>
    </div>
  );
}
