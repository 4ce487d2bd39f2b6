import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_ADDRESSES, type AddressDto, type AddressFields } from '@linea/shared/contracts/account';
import { NotFoundError, ValidationError } from '@linea/shared/errors';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { queryAllItems } from './query-pages';
import { cancellationReasons, withConflictRetries } from './transactions';

const FIELDS = ['firstName', 'lastName', 'address', 'city', 'zipCode', 'country'] as const;
/** Each change re-reads and tries again when another change of the same book came first. */
const MAX_ATTEMPTS = 8;

interface Book {
  count: number;
  defaultId?: string;
}

interface StoredAddress extends AddressFields {
  id: string;
  createdAt: string;
}

/**
 * A customer's saved addresses (patterns 12 and 13). Beside the addresses one book item holds
 * which one is the default and how many there are. Every change writes the book in the same
 * transaction, on the condition that it is as read, so there is exactly one default while any
 * address exists, whatever runs at the same time: the default is one attribute, it only ever
 * names an address that exists, and it is set with the first address and moved when its
 * address goes.
 */
export function createAddressRepository(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  async function read(userId: string): Promise<{ book: Book; addresses: StoredAddress[] }> {
    const { PK, SKPrefix } = keys.addressPrefix(userId);
    const items = await queryAllItems(db, {
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
      ConsistentRead: true,
    });
    const bookItem = items.find((item) => item.SK === keys.addressBook(userId).SK);
    const addresses = items
      .filter((item) => item.entity === 'Address')
      .map((item) => ({
        id: item.id as string,
        createdAt: item.createdAt as string,
        ...(Object.fromEntries(FIELDS.map((field) => [field, item[field]])) as AddressFields),
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      book: {
        count: (bookItem?.addressCount as number | undefined) ?? 0,
        ...(bookItem?.defaultId ? { defaultId: bookItem.defaultId as string } : {}),
      },
      addresses,
    };
  }

  const dto = (address: StoredAddress, book: Book): AddressDto => ({
    ...address,
    isDefault: address.id === book.defaultId,
  });

  /** Runs `attempt` again after a lost race (a condition on the book or an address failed). */
  async function retrying<T>(attempt: () => Promise<T | 'retry'>): Promise<T> {
    for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
      const result = await attempt();
      if (result !== 'retry') return result;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (tries + 1)));
    }
    throw new Error('The address book kept changing; try again');
  }

  async function write(items: object[]): Promise<'done' | 'retry'> {
    try {
      await withConflictRetries(() => db.send(new TransactWriteCommand({ TransactItems: items as never })));
      return 'done';
    } catch (err) {
      if (cancellationReasons(err)?.some((reason) => reason.Code === 'ConditionalCheckFailed')) return 'retry';
      throw err;
    }
  }

  /** The book as read, as a condition: nobody changed the default or the count since. */
  function bookUpdate(userId: string, book: Book, set: { count?: number; defaultId?: string | null }) {
    const names: Record<string, string> = { '#count': 'addressCount', '#default': 'defaultId' };
    const values: Record<string, unknown> = { ':count': book.count, ':entity': 'AddressBook' };
    const clauses = ['entity = :entity'];
    if (set.count !== undefined) {
      clauses.push('#count = :newCount');
      values[':newCount'] = set.count;
    }
    let remove = '';
    if (set.defaultId === null) remove = ' REMOVE #default';
    else if (set.defaultId !== undefined) {
      clauses.push('#default = :newDefault');
      values[':newDefault'] = set.defaultId;
    }
    const sameDefault = book.defaultId ? '#default = :default' : 'attribute_not_exists(#default)';
    if (book.defaultId) values[':default'] = book.defaultId;
    return {
      Update: {
        TableName: table(),
        Key: keys.addressBook(userId),
        UpdateExpression: `SET ${clauses.join(', ')}${remove}`,
        ConditionExpression: `((attribute_not_exists(#count) AND :count = :zero) OR #count = :count) AND ${sameDefault}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':zero': 0 },
      },
    };
  }

  return {
    /** Pattern 12: the default first, then the newest. */
    async list(userId: string): Promise<AddressDto[]> {
      const { book, addresses } = await read(userId);
      return addresses.map((address) => dto(address, book)).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    /** Pattern 13: the first address, or one asked to be, becomes the default. */
    async add(
      userId: string,
      fields: AddressFields,
      options: { makeDefault: boolean; now: string },
    ): Promise<AddressDto> {
      const address: StoredAddress = { id: randomUUID(), createdAt: options.now, ...fields };
      return retrying(async () => {
        const { book } = await read(userId);
        if (book.count >= MAX_ADDRESSES) {
          throw new ValidationError(`At most ${MAX_ADDRESSES} addresses can be saved`, [
            { field: 'addresses', message: `At most ${MAX_ADDRESSES} addresses` },
          ]);
        }
        const becomesDefault = options.makeDefault || !book.defaultId;
        const outcome = await write([
          {
            Put: {
              TableName: table(),
              Item: { ...keys.address(userId, address.id), entity: 'Address', schemaVersion: 1, ...address },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          bookUpdate(userId, book, { count: book.count + 1, ...(becomesDefault ? { defaultId: address.id } : {}) }),
        ]);
        if (outcome === 'retry') return 'retry';
        return { ...address, isDefault: becomesDefault };
      });
    },

    /** Changes fields and/or makes the address the default; NotFoundError for an address that is not the caller's. */
    async update(
      userId: string,
      id: string,
      change: Partial<AddressFields> & { makeDefault: boolean },
    ): Promise<AddressDto> {
      const fields = Object.fromEntries(FIELDS.filter((f) => change[f] !== undefined).map((f) => [f, change[f]]));
      return retrying(async () => {
        const { book, addresses } = await read(userId);
        const current = addresses.find((address) => address.id === id);
        if (!current) throw new NotFoundError('Address', id);
        const entries = Object.entries(fields);
        const addressItem = entries.length
          ? {
              Update: {
                TableName: table(),
                Key: keys.address(userId, id),
                UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
                ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value])),
              },
            }
          : {
              ConditionCheck: {
                TableName: table(),
                Key: keys.address(userId, id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            };
        const items: object[] = [addressItem];
        if (change.makeDefault && book.defaultId !== id) items.push(bookUpdate(userId, book, { defaultId: id }));
        if (items.length === 1 && !entries.length) return dto(current, book);
        if ((await write(items)) === 'retry') return 'retry';
        const updated = { ...current, ...fields } as StoredAddress;
        return { ...updated, isDefault: change.makeDefault || book.defaultId === id };
      });
    },

    /** Deletes the address; the newest remaining one becomes the default if it was. */
    async remove(userId: string, id: string): Promise<void> {
      await retrying(async () => {
        const { book, addresses } = await read(userId);
        if (!addresses.some((address) => address.id === id)) throw new NotFoundError('Address', id);
        const successor = book.defaultId === id ? addresses.find((address) => address.id !== id) : undefined;
        const items: object[] = [
          {
            Delete: {
              TableName: table(),
              Key: keys.address(userId, id),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          bookUpdate(userId, book, {
            count: book.count - 1,
            ...(book.defaultId === id ? { defaultId: successor ? successor.id : null } : {}),
          }),
        ];
        if (successor) {
          items.push({
            ConditionCheck: {
              TableName: table(),
              Key: keys.address(userId, successor.id),
              ConditionExpression: 'attribute_exists(PK)',
            },
          });
        }
        return write(items);
      });
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
export const addresses = createAddressRepository();
