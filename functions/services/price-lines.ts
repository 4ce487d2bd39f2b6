/**
 * Pricing a request's lines from the catalogue, shared by the checkout and the admin's manual
 * order. Apart from the checkout so that the back office's function does not bundle the payment
 * provider's SDK with it.
 */
import type { CheckoutRequest } from '@linea/shared/contracts/checkout';
import { imageForColor } from '@linea/shared/domain/product-image';
import { colorName, localiseProduct } from '@linea/shared/domain/product-texts';
import { sizeLabel } from '@linea/shared/domain/sizes';
import { ValidationError, type FieldIssue } from '@linea/shared/errors';
import type { Product } from '../data/product-repository';
import type { OrderItem } from '../data/order-repository';

/** A product with no options at all is ordered with none (an empty size or colour). */
function offers(options: readonly string[], chosen: string): boolean {
  return options.length ? options.includes(chosen) : chosen === '';
}

/**
 * Checks each line against the catalogue and prices it; every problem is named by its field.
 * Only an admin's manual order may set its own `unitPrice`.
 */
export function priceLines(
  request: Pick<CheckoutRequest, 'lines' | 'locale'>,
  catalogue: ReadonlyMap<string, Product>,
  unitPrice?: number,
): OrderItem[] {
  const issues: FieldIssue[] = [];
  const items: OrderItem[] = [];
  for (const [index, line] of request.lines.entries()) {
    const product = catalogue.get(line.productId);
    if (!product) {
      issues.push({ field: `lines.${index}.productId`, message: 'No such product' });
      continue;
    }
    const texts = localiseProduct(product, request.locale);
    if (!offers(product.sizes, line.size)) {
      issues.push({ field: `lines.${index}.size`, message: 'Not a size of this product' });
    }
    if (!offers(product.colors, line.color)) {
      issues.push({ field: `lines.${index}.color`, message: 'Not a colour of this product' });
    }
    items.push({
      productId: product.id,
      // The order keeps the texts the shopper bought with, in the language they bought in.
      name: texts.name,
      image: imageForColor(product, line.color),
      size: line.size,
      color: line.color,
      sizeLabel: line.size && sizeLabel(line.size, request.locale),
      colorName: line.color && colorName(product, line.color, request.locale),
      unitPrice: unitPrice ?? product.price,
      quantity: line.quantity,
      lineTotal: (unitPrice ?? product.price) * line.quantity,
    });
  }
  if (issues.length) {
    throw new ValidationError(`Invalid body: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, issues);
  }
  return items;
}
