import { isDeepStrictEqual } from 'node:util';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@linea/shared/errors';
import type { Actor } from '../lib/auth';
import { auditEntryPut } from './audit';
import { cancellationReasons } from './transactions';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { categoryId } from '@linea/shared/domain/category';
import type { ProductDto } from '@linea/shared/contracts/products';
import type { Locale } from '@linea/shared/domain/money';
import { localiseProduct, type ProductTranslations } from '@linea/shared/domain/product-texts';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems, queryPages } from './query-pages';

/** Another product was given this place at the top meanwhile: read the top again and retry. */
export class SortOrderTakenError extends Error {
  constructor(sortOrder: number) {
    super(`Sort order ${sortOrder} was just given to another product`);
    this.name = 'SortOrderTakenError';
  }
}

/** The fields an admin edits; the id, creation time and sort order are the shop's. */
export type ProductChanges = Partial<
  Pick<
    Product,
    | 'name'
    | 'description'
    | 'price'
    | 'category'
    | 'stockQuantity'
    | 'featured'
    | 'active'
    | 'sizes'
    | 'colors'
    | 'images'
    | 'translations'
  >
>;

export const PRODUCT_ENTITY = 'Product';
/** 2: products may carry `translations`; version 1 items read as English only. */
const SCHEMA_VERSION = 2;

export interface Product {
  id: string;
  /** English: the catalogue's source language. */
  name: string;
  description: string;
  /** Rappen, VAT included. */
  price: number;
  category: string;
  stockQuantity: number;
  featured: boolean;
  /**
   * Shown in the storefront. The spec ties Active/Inactive to `featured`; a shop needs both:
   * `featured` puts a product on the home page, `active` puts it in the shop at all.
   */
  active: boolean;
  sizes: string[];
  /** Colour keys: the English colour names. */
  colors: string[];
  images: string[];
  sortOrder: number;
  createdAt: string;
  /** Texts in other languages; whatever is missing is shown in English. */
  translations?: ProductTranslations;
  stripeProductId?: string;
}

type ProductItem = Product & Record<string, unknown>;

function toItem(product: Product): Record<string, unknown> {
  const id = categoryId(product.category);
  return {
    ...keys.product(product.id),
    ...keys.productListing(product.sortOrder, product.createdAt),
    ...keys.productByCategory(id, product.sortOrder, product.createdAt),
    entity: PRODUCT_ENTITY,
    schemaVersion: SCHEMA_VERSION,
    ...product,
    categoryId: id,
  };
}

function fromItem(item: Record<string, unknown>): Product {
  const p = item as ProductItem;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    stockQuantity: p.stockQuantity,
    featured: p.featured,
    // Products written before the flag existed are in the shop.
    active: p.active !== false,
    sizes: p.sizes ?? [],
    colors: p.colors ?? [],
    images: p.images ?? [],
    sortOrder: p.sortOrder,
    createdAt: p.createdAt,
    // Items written before products had languages carry no translations: English only.
    ...(p.translations ? { translations: p.translations } : {}),
    ...(p.stripeProductId ? { stripeProductId: p.stripeProductId } : {}),
  };
}

/** The product as the storefront sees it, its texts in `locale` (English where untranslated). */
export function toProductDto(product: Product, locale: Locale = 'en'): ProductDto {
  const texts = localiseProduct(product, locale);
  return {
    id: product.id,
    name: texts.name,
    description: texts.description,
    textLanguage: texts.textLanguage,
    price: product.price,
    category: texts.category,
    categoryId: categoryId(product.category),
    stockQuantity: product.stockQuantity,
    inStock: product.stockQuantity > 0,
    featured: product.featured,
    sizes: product.sizes,
    sizeLabels: texts.sizeLabels,
    colors: product.colors,
    colorNames: texts.colorNames,
    images: product.images,
    sortOrder: product.sortOrder,
    createdAt: product.createdAt,
  };
}

export function createProductRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Product[]> {
    return (await queryAllItems(db, { ...input, TableName: table() })).map(fromItem);
  }

  return {
    async getById(id: string): Promise<Product | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.product(id) }));
      return Item ? fromItem(Item) : undefined;
    },

    /** Products by id, in the order asked; unknown ids are left out. */
    async getMany(ids: readonly string[]): Promise<Product[]> {
      const found = new Map<string, Product>();
      const unique = [...new Set(ids)];
      // BatchGetItem takes 100 keys a call and may return some unprocessed under load.
      for (let start = 0; start < unique.length; start += 100) {
        let requestKeys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map(keys.product);
        for (let attempt = 0; requestKeys?.length; attempt += 1) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          if (attempt > 5) throw new Error('BatchGet of products kept returning unprocessed keys');
          const page: BatchGetCommandOutput = await db.send(
            new BatchGetCommand({ RequestItems: { [table()]: { Keys: requestKeys } } }),
          );
          for (const item of page.Responses?.[table()] ?? []) {
            const product = fromItem(item);
            found.set(product.id, product);
          }
          requestKeys = page.UnprocessedKeys?.[table()]?.Keys;
        }
      }
      return ids.flatMap((id) => {
        const product = found.get(id);
        return product ? [product] : [];
      });
    },

    /**
     * Active in-stock products, highest sort order first, newest first within one sort order.
     * Out-of-stock ones are filtered on the server side of DynamoDB rather than kept out of
     * the index: stock changes inside checkout transactions, which cannot move index keys.
     */
    async listInStock(filter: { categoryId?: string } = {}): Promise<Product[]> {
      const partition = filter.categoryId
        ? { IndexName: 'GSI2', pk: 'GSI2PK', value: keys.categoryPartition(filter.categoryId).GSI2PK }
        : { IndexName: 'GSI1', pk: 'GSI1PK', value: keys.productsListingPartition().GSI1PK };
      return queryAll({
        IndexName: partition.IndexName,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: 'stockQuantity > :zero AND (attribute_not_exists(active) OR active = :active)',
        ExpressionAttributeNames: { '#pk': partition.pk },
        ExpressionAttributeValues: { ':pk': partition.value, ':zero': 0, ':active': true },
        ScanIndexForward: false,
      });
    },

    /** Every product, in stock or not, in display order. */
    async listAll(): Promise<Product[]> {
      return queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.productsListingPartition().GSI1PK },
        ScanIndexForward: false,
      });
    },

    /** Every product, in stock or not, for the admin figures. */
    async countAll(): Promise<number> {
      let count = 0;
      const pages = queryPages(db, {
        TableName: table(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.productsListingPartition().GSI1PK },
        Select: 'COUNT',
      });
      for await (const page of pages) count += page.Count ?? 0;
      return count;
    },

    /** Writes a product as is; used by seeding. */
    async put(product: Product): Promise<void> {
      await db.send(new PutCommand({ TableName: table(), Item: toItem(product) }));
    },

    /** A new product and its audit entry, in one transaction. */
    async create(product: Product, actor: Actor): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: table(), Item: toItem(product), ConditionExpression: 'attribute_not_exists(PK)' } },
              // Two products created at once cannot both take the same place at the top.
              {
                Update: {
                  TableName: table(),
                  Key: keys.productOrderTop(),
                  UpdateExpression: 'SET topSortOrder = :mine',
                  ConditionExpression: 'attribute_not_exists(topSortOrder) OR topSortOrder < :mine',
                  ExpressionAttributeValues: { ':mine': product.sortOrder },
                },
              },
              auditEntryPut(table(), {
                actor,
                action: 'CREATE',
                table: 'products',
                recordId: product.id,
                after: product,
                at: product.createdAt,
              }),
            ],
          }),
        );
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new ConflictError('Product', product.id);
        if (reasons?.[1]?.Code === 'ConditionalCheckFailed' || reasons?.some((r) => r.Code === 'TransactionConflict'))
          throw new SortOrderTakenError(product.sortOrder);
        throw err;
      }
    },

    /** The highest sort order given out so far (0 before the first product the admin created). */
    async orderTop(): Promise<number> {
      const { Item } = await db.send(
        new GetCommand({ TableName: table(), Key: keys.productOrderTop(), ConsistentRead: true }),
      );
      return typeof Item?.topSortOrder === 'number' ? Item.topSortOrder : 0;
    },

    /**
     * Changes the given fields only, with the audit entry of what changed, in one transaction:
     * the stock a checkout is taking meanwhile is not overwritten unless the admin sets the stock.
     * A change of category moves the product's category index keys with it.
     */
    async update(id: string, changes: ProductChanges, actor: Actor, at: string): Promise<Product> {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError('Product', id);
      // Compared as values, whatever the order of their keys: DynamoDB gives a map's keys back in
      // an order of its own, so the form's unchanged translations would otherwise read as changed.
      const changed = (Object.keys(changes) as (keyof ProductChanges)[]).filter(
        (field) => changes[field] !== undefined && !isDeepStrictEqual(changes[field], current[field]),
      );
      if (!changed.length) return current;
      const next: Product = { ...current, ...changes } as Product;
      const values: Record<string, unknown> = { ':stamp': current.createdAt };
      const names: Record<string, string> = {};
      const sets = changed.map((field) => {
        names[`#${field}`] = field;
        values[`:${field}`] = changes[field];
        return `#${field} = :${field}`;
      });
      if (changed.includes('category')) {
        const index = keys.productByCategory(categoryId(next.category), next.sortOrder, next.createdAt);
        sets.push('GSI2PK = :gsi2pk', 'GSI2SK = :gsi2sk', 'categoryId = :categoryId');
        values[':gsi2pk'] = index.GSI2PK;
        values[':gsi2sk'] = index.GSI2SK;
        values[':categoryId'] = categoryId(next.category);
      }
      const pick = (product: Product) => Object.fromEntries(changed.map((field) => [field, product[field]]));
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table(),
                  Key: keys.product(id),
                  UpdateExpression: `SET ${sets.join(', ')}`,
                  ConditionExpression: 'createdAt = :stamp',
                  ExpressionAttributeNames: names,
                  ExpressionAttributeValues: values,
                },
              },
              auditEntryPut(table(), {
                actor,
                action: 'UPDATE',
                table: 'products',
                recordId: id,
                before: pick(current),
                after: pick(next),
                at,
              }),
            ],
          }),
        );
      } catch (err) {
        if (cancellationReasons(err)?.[0]?.Code === 'ConditionalCheckFailed') throw new NotFoundError('Product', id);
        throw err;
      }
      return next;
    },

    /** Deletes a product with its audit entry; past orders keep their own copy of it. */
    async remove(id: string, actor: Actor, at: string): Promise<Product> {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError('Product', id);
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: table(), Key: keys.product(id), ConditionExpression: 'attribute_exists(PK)' } },
              auditEntryPut(table(), { actor, action: 'DELETE', table: 'products', recordId: id, before: current, at }),
            ],
          }),
        );
      } catch (err) {
        if (cancellationReasons(err)?.[0]?.Code === 'ConditionalCheckFailed') throw new NotFoundError('Product', id);
        throw err;
      }
      return current;
    },

    /**
     * Moves a product one place up or down the display order (spec §4): its sort order and its
     * neighbour's are swapped in one transaction, each on the condition that it is still what was
     * read, with one audit entry. The first cannot go up, the last cannot go down (409).
     * Concurrent moves therefore never leave two products with the same sort order.
     */
    async move(id: string, direction: 'up' | 'down', actor: Actor, at: string): Promise<Product> {
      const listed = await this.listAll();
      const index = listed.findIndex((product) => product.id === id);
      if (index < 0) throw new NotFoundError('Product', id);
      const neighbour = listed[direction === 'up' ? index - 1 : index + 1];
      const product = listed[index]!;
      if (!neighbour)
        throw new ConflictError(`Product ${id} at the ${direction === 'up' ? 'top' : 'bottom'}; it`, 'cannot move');
      // Equal sort orders (never written by the admin, but possible in old data) still swap places.
      const [mine, theirs] =
        product.sortOrder === neighbour.sortOrder
          ? direction === 'up'
            ? [product.sortOrder + 1, product.sortOrder]
            : [product.sortOrder - 1, product.sortOrder]
          : [neighbour.sortOrder, product.sortOrder];
      const reorder = (p: Product, sortOrder: number) => ({
        Update: {
          TableName: table(),
          Key: keys.product(p.id),
          UpdateExpression: 'SET sortOrder = :to, GSI1SK = :gsi1sk, GSI2SK = :gsi2sk',
          ConditionExpression: 'sortOrder = :from',
          ExpressionAttributeValues: {
            ':to': sortOrder,
            ':from': p.sortOrder,
            ':gsi1sk': keys.productListing(sortOrder, p.createdAt).GSI1SK,
            ':gsi2sk': keys.productByCategory(categoryId(p.category), sortOrder, p.createdAt).GSI2SK,
          },
        },
      });
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              reorder(product, mine),
              reorder(neighbour, theirs),
              auditEntryPut(table(), {
                actor,
                action: 'UPDATE',
                table: 'products',
                recordId: id,
                before: {
                  sortOrder: product.sortOrder,
                  neighbour: neighbour.id,
                  neighbourSortOrder: neighbour.sortOrder,
                },
                after: { sortOrder: mine, neighbour: neighbour.id, neighbourSortOrder: theirs },
                at,
              }),
            ],
          }),
        );
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (
          reasons?.some((reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict')
        )
          throw new ConflictError('A concurrent reorder of', id);
        throw err;
      }
      return { ...product, sortOrder: mine };
    },

    /** Stores the product's id at Stripe; false when the product was deleted meanwhile. */
    async setStripeProductId(id: string, stripeProductId: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.product(id),
            UpdateExpression: 'SET stripeProductId = :stripe',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':stripe': stripeProductId },
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        return false;
      }
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
export const products = createProductRepository();
