import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { categoryId } from '@linea/shared/domain/category';
import type { ProductDto } from '@linea/shared/contracts/products';
import type { Locale } from '@linea/shared/domain/money';
import { localiseProduct, type ProductTranslations } from '@linea/shared/domain/product-texts';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems, queryPages } from './query-pages';

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
     * In-stock products, highest sort order first, newest first within one sort order.
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
        FilterExpression: 'stockQuantity > :zero',
        ExpressionAttributeNames: { '#pk': partition.pk },
        ExpressionAttributeValues: { ':pk': partition.value, ':zero': 0 },
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

    /** Writes a product as is; used by seeding and, later, the admin catalogue. */
    async put(product: Product): Promise<void> {
      await db.send(new PutCommand({ TableName: table(), Item: toItem(product) }));
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
export const products = createProductRepository();
