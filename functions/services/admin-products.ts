import { randomBytes } from 'node:crypto';
import type { AdminProductDto, MoveProductRequest, UpdateProductRequest } from '@linea/shared/contracts/products';
import type { productInput } from '@linea/shared/contracts/products';
import { ConflictError } from '@linea/shared/errors';
import type * as z from '@linea/shared/contracts/zod-mini';
import {
  products as productRepository,
  SortOrderTakenError,
  type Product,
  type ProductRepository,
} from '../data/product-repository';
import type { Actor } from '../lib/auth';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

type NewProduct = z.infer<typeof productInput>;

export function toAdminProductDto(product: Product): AdminProductDto {
  return { ...product, inStock: product.stockQuantity > 0 } as AdminProductDto;
}

/** "Merino Crew Sweater" → "merino-crew-sweater": the product's address in the shop. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'product';
}

interface Deps {
  products: Pick<ProductRepository, 'listAll' | 'orderTop' | 'create' | 'update' | 'remove' | 'move'>;
  publish: typeof publishEvent;
  now: () => Date;
}
const defaults: Deps = { products: productRepository, publish: publishEvent, now: () => new Date() };

/**
 * The product is saved whatever happens to the event: Stripe follows through the bus, and a
 * failure to publish is logged (the next save publishes again), never the admin's problem.
 */
async function announce(deps: Deps, detail: Parameters<Deps['publish']>): Promise<void> {
  await deps.publish(...detail).catch((err: unknown) => logger.error('Product event not published', { err }));
}

/** A new product at the top of the list (spec §7), with its audit entry; Stripe follows. */
export async function createProduct(input: NewProduct, actor: Actor, deps: Deps = defaults): Promise<Product> {
  const base = slugOf(input.name);
  const at = deps.now().toISOString();
  for (let attempt = 0; ; attempt += 1) {
    const [listed, given] = await Promise.all([deps.products.listAll(), deps.products.orderTop()]);
    // Above every product listed and every place given out (a deleted top product's included).
    const top = listed.reduce((max, product) => Math.max(max, product.sortOrder), given);
    const product: Product = {
      id: attempt === 0 && !listed.some((p) => p.id === base) ? base : `${base}-${randomBytes(3).toString('hex')}`,
      ...input,
      sortOrder: top + 10,
      createdAt: at,
    };
    try {
      await deps.products.create(product, actor);
    } catch (err) {
      if ((err instanceof ConflictError || err instanceof SortOrderTakenError) && attempt < 5) continue;
      throw err;
    }
    await announce(deps, ['ProductSaved', { version: 1, productId: product.id, savedAt: at }]);
    return product;
  }
}

export async function updateProduct(
  id: string,
  changes: UpdateProductRequest,
  actor: Actor,
  deps: Deps = defaults,
): Promise<Product> {
  const at = deps.now().toISOString();
  const saved = await deps.products.update(id, changes, actor, at);
  // Any change: the storefront's pages show every field (Stripe's copy only some of them).
  await announce(deps, ['ProductSaved', { version: 1, productId: id, savedAt: at }]);
  return saved;
}

export async function deleteProduct(id: string, actor: Actor, deps: Deps = defaults): Promise<void> {
  const at = deps.now().toISOString();
  const removed = await deps.products.remove(id, actor, at);
  await announce(deps, [
    'ProductDeleted',
    {
      version: 1,
      productId: id,
      ...(removed.stripeProductId ? { stripeProductId: removed.stripeProductId } : {}),
      deletedAt: at,
    },
  ]);
}

export async function moveProduct(
  id: string,
  request: MoveProductRequest,
  actor: Actor,
  deps: Deps = defaults,
): Promise<Product> {
  const at = deps.now().toISOString();
  const moved = await deps.products.move(id, request.direction, actor, at);
  // The lists show the new order.
  await announce(deps, ['ProductSaved', { version: 1, productId: id, savedAt: at }]);
  return moved;
}
