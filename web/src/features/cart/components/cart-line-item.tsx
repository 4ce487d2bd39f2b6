import { thumbnailImage } from '@linea/shared/domain/product-image';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAX_LINE_QUANTITY, type CartLine } from '@linea/shared/domain/cart';
import { formatChf } from '@linea/shared/domain/money';
import { paths } from '../../../config/paths';
import { Price } from '../../../components/ui/price';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import type { LineAdjustment } from '../hooks/use-cart-check';
import type { LineCheck } from '../lib/check-line';
import { lineName } from '../lib/line-name';

/** Cart thumbnails keep the catalogue's 4:5 portrait ratio. */
const THUMB_WIDTH = 96;
const THUMB_HEIGHT = 120;

export interface CartLineItemProps {
  line: CartLine;
  check: LineCheck;
  adjustment?: LineAdjustment;
  index: number;
  /** Removes the line (with a way to undo it). */
  onRemove: (line: CartLine) => void;
}

const REASON_KEY = {
  gone: 'cart.unavailable',
  outOfStock: 'cart.outOfStock',
  option: 'cart.optionUnavailable',
} as const;

export function CartLineItem({ line, check, adjustment, index, onRemove }: CartLineItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setQuantity = useCartStore((state) => state.setQuantity);
  const item = lineName(t, line);
  const unavailable = check.state === 'unavailable';
  const maxQuantity = check.state === 'available' ? check.maxQuantity : MAX_LINE_QUANTITY;

  return (
    <li className="line-item cart-line" data-unavailable={unavailable || undefined}>
      <div className="cart-line-media">
        {line.image ? (
          <img
            src={thumbnailImage(line.image)}
            alt=""
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            loading={index < 3 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="line-item-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="cart-line-body">
        <h2 className="line-item-name cart-line-name">
          <Link to={paths.product.getHref(line.id)}>{line.name}</Link>
        </h2>
        <dl className="line-item-facts cart-line-facts">
          {line.size ? (
            <div>
              <dt>{t('cart.size')}</dt>
              <dd>{line.sizeLabel ?? line.size}</dd>
            </div>
          ) : null}
          {line.color ? (
            <div>
              <dt>{t('cart.color')}</dt>
              <dd>{line.colorName ?? line.color}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('cart.unitPrice')}</dt>
            <dd>
              <Price amount={line.price} />
            </dd>
          </div>
        </dl>
        {unavailable ? <p className="cart-line-note cart-line-note-warning">{t(REASON_KEY[check.reason])}</p> : null}
        {adjustment?.previousPrice !== undefined && !unavailable ? (
          <p className="cart-line-note">
            {t('cart.priceUpdated')}{' '}
            <span className="muted">
              ({t('cart.previousPrice', { price: formatChf(adjustment.previousPrice, locale) })})
            </span>
          </p>
        ) : null}
        {adjustment?.cappedTo !== undefined && !unavailable ? (
          <p className="cart-line-note">{t('cart.quantityCapped', { count: adjustment.cappedTo })}</p>
        ) : null}
        <div className="cart-line-controls">
          {unavailable ? null : (
            <QuantityStepper
              value={line.quantity}
              max={Math.max(maxQuantity, 1)}
              onChange={(quantity) => setQuantity(line, quantity)}
              label={t('cart.quantityOf', { item })}
              decreaseLabel={t('cart.decreaseQuantityOf', { item })}
              increaseLabel={t('cart.increaseQuantityOf', { item })}
              showLabel={false}
            />
          )}
          <button
            type="button"
            className="text-button cart-line-remove"
            aria-label={t('cart.removeItem', { item })}
            onClick={() => onRemove(line)}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <p className="line-item-total cart-line-total">
        <span className="visually-hidden">{t('cart.lineTotal')} </span>
        <Price amount={line.price * line.quantity} />
      </p>
    </li>
  );
}
