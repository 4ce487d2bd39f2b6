/** The only file that knows key formats. See README.md beside it for the access patterns. */

/** Zero-padded so that string order is numeric order in a sort key. */
function sortable(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`sort order must be a non-negative integer, got ${value}`);
  }
  return String(value).padStart(10, '0');
}

export const keys = {
  product: (id: string) => ({ PK: `PRODUCT#${id}`, SK: 'PRODUCT' }),
  /** All products in display order (sort order, then creation time). */
  productListing: (sortOrder: number, createdAt: string) => ({
    GSI1PK: 'PRODUCTS',
    GSI1SK: `${sortable(sortOrder)}#${createdAt}`,
  }),
  productsListingPartition: () => ({ GSI1PK: 'PRODUCTS' }),
  /** Products of one category in display order. */
  productByCategory: (categoryId: string, sortOrder: number, createdAt: string) => ({
    GSI2PK: `CATEGORY#${categoryId}`,
    GSI2SK: `${sortable(sortOrder)}#${createdAt}`,
  }),
  categoryPartition: (categoryId: string) => ({ GSI2PK: `CATEGORY#${categoryId}` }),

  /** Orders newest first, for the admin list and the overview figures. */
  ordersByRecencyPartition: () => ({ GSI3PK: 'ORDERS' }),

  wishlistEntry: (userId: string, productId: string) => ({ PK: `CUSTOMER#${userId}`, SK: `WISHLIST#${productId}` }),
  wishlistPrefix: (userId: string) => ({ PK: `CUSTOMER#${userId}`, SKPrefix: 'WISHLIST#' }),

  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'CONTACT' }),
  contactMessageByRecency: (receivedAt: string) => ({ GSI3PK: 'CONTACT_MESSAGES', GSI3SK: receivedAt }),

  subscriber: (email: string) => ({ PK: `SUBSCRIBER#${email.toLowerCase()}`, SK: 'SUBSCRIBER' }),
  subscriberByRecency: (subscribedAt: string) => ({ GSI3PK: 'SUBSCRIBERS', GSI3SK: subscribedAt }),
};
