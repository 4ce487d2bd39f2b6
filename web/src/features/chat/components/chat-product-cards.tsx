import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChatProductCard } from '@linea/shared/contracts/chat';
import { responsiveImage } from '@linea/shared/domain/product-image';
import { Price } from '../../../components/ui/price';
import { paths } from '../../../config/paths';
import { CHAT_NAMESPACE } from '../i18n';
import { opensElsewhere } from '../opens-elsewhere';

/** The thumbnail is drawn 3.5rem wide: the browser picks the smallest uploaded variant. */
const THUMBNAIL_SIZES = '3.5rem';

export interface ChatProductCardsProps {
  products: readonly ChatProductCard[];
  /** A card was followed in this tab (not opened in a new one). */
  onFollow: () => void;
}

/** The products an answer is about, each a link to its page: picture, name, price in CHF. */
export function ChatProductCards({ products, onFollow }: ChatProductCardsProps) {
  const { t } = useTranslation(CHAT_NAMESPACE);
  if (!products.length) return null;
  return (
    <ul className="chat-products" aria-label={t('products')}>
      {products.map((product) => {
        const image = product.image ? responsiveImage(product.image) : undefined;
        return (
          <li key={product.id}>
            <Link
              to={paths.product.getHref(product.id)}
              className="chat-product"
              onClick={(event) => {
                if (!opensElsewhere(event)) onFollow();
              }}
            >
              {image ? (
                // Decorative: the name beside it says what it shows.
                <img
                  className="chat-product-image"
                  src={image.src}
                  {...(image.srcSet ? { srcSet: image.srcSet, sizes: THUMBNAIL_SIZES } : {})}
                  alt=""
                  width={800}
                  height={1000}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="chat-product-image chat-product-image-missing" aria-hidden="true" />
              )}
              <span className="chat-product-text">
                <span className="chat-product-name">{product.name}</span>{' '}
                <Price amount={product.price} className="chat-product-price" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
