import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  adminAnalyticsResponse,
  adminAuditResponse,
  adminOrdersResponse,
  adminOverviewResponse,
  type AdminManualOrderRequest,
  type AdminOrderUpdateRequest,
} from '@linea/shared/contracts/admin';
import {
  adminSubscribersResponse,
  newsletterDto,
  newsletterListResponse,
  type CreateNewsletterRequest,
  type NewsletterDto,
} from '@linea/shared/contracts/newsletter';
import { orderDto, type OrderDto } from '@linea/shared/contracts/orders';
import {
  adminProductDto,
  adminProductListResponse,
  type AdminProductDto,
  type ProductInput,
  type UpdateProductInput,
} from '@linea/shared/contracts/products';
import {
  adminPromoDto,
  adminPromoListResponse,
  type AdminPromoDto,
  type CreatePromoInput,
} from '@linea/shared/contracts/promo-codes';
import {
  createUploadResponse,
  uploadDto,
  type CreateUploadResponse,
  type UploadDto,
} from '@linea/shared/contracts/uploads';
import { api } from '../../../api/client';

/** Every admin query sits under this key: a status change or a new order refreshes them all. */
export const adminQueryKey = ['admin'] as const;

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'overview'],
    queryFn: ({ signal }) => api.request('/admin/overview', { schema: adminOverviewResponse, signal }),
  });

export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'analytics', days],
    queryFn: ({ signal }) =>
      api.request('/admin/analytics', { query: { days }, schema: adminAnalyticsResponse, signal }),
  });

/** The newest orders, or those matching `query`, 10 a page (spec §9), more on request. */
export const adminOrdersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...adminQueryKey, 'orders', 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.request('/admin/orders', {
        query: { query: query || undefined, cursor: pageParam },
        schema: adminOrdersResponse,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'orders', 'one', id],
    queryFn: ({ signal }) => api.request(`/admin/orders/${encodeURIComponent(id)}`, { schema: orderDto, signal }),
  });

export function updateOrderStatus(id: string, update: AdminOrderUpdateRequest): Promise<OrderDto> {
  return api.request(`/admin/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body: update, schema: orderDto });
}

export function createManualOrder(order: AdminManualOrderRequest): Promise<OrderDto> {
  return api.request('/admin/orders', { method: 'POST', body: order, schema: orderDto });
}

/** The CSV of the orders matching `query` (all of them without one). */
export function exportOrders(query: string): Promise<Blob> {
  return api.download('/admin/orders/export', { query: { query: query || undefined } });
}

/** The activity log, newest first, 100 a page (spec §9). */
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: [...adminQueryKey, 'audit'],
    queryFn: ({ pageParam, signal }) =>
      api.request('/admin/audit', { query: { cursor: pageParam }, schema: adminAuditResponse, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const promoCodesQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'promo-codes'],
    queryFn: ({ signal }) => api.request('/admin/promo-codes', { schema: adminPromoListResponse, signal }),
  });

export function createPromoCode(request: CreatePromoInput): Promise<AdminPromoDto> {
  return api.request('/admin/promo-codes', { method: 'POST', body: request, schema: adminPromoDto });
}

export function setPromoCodeActive(code: string, isActive: boolean): Promise<AdminPromoDto> {
  return api.request(`/admin/promo-codes/${encodeURIComponent(code)}`, {
    method: 'PATCH',
    body: { isActive },
    schema: adminPromoDto,
  });
}

export function deletePromoCode(code: string): Promise<void> {
  return api.request(`/admin/promo-codes/${encodeURIComponent(code)}`, { method: 'DELETE' });
}

export const subscribersQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'subscribers'],
    queryFn: ({ signal }) => api.request('/admin/subscribers', { schema: adminSubscribersResponse, signal }),
  });

/** While a newsletter is being sent, the list is read again every 2 s: the send's progress. */
export const newslettersQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'newsletters'],
    queryFn: ({ signal }) => api.request('/admin/newsletters', { schema: newsletterListResponse, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((newsletter) => newsletter.status === 'sending') ? 2000 : false,
  });

export function createNewsletter(request: CreateNewsletterRequest): Promise<NewsletterDto> {
  return api.request('/admin/newsletters', { method: 'POST', body: request, schema: newsletterDto });
}

export function sendNewsletter(id: string, fromEmail: string): Promise<NewsletterDto> {
  return api.request(`/admin/newsletters/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body: { fromEmail },
    schema: newsletterDto,
  });
}

export const adminProductsQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'products'],
    queryFn: ({ signal }) => api.request('/admin/products', { schema: adminProductListResponse, signal }),
  });

export function createProduct(input: ProductInput): Promise<AdminProductDto> {
  return api.request('/admin/products', { method: 'POST', body: input, schema: adminProductDto });
}

export function updateProduct(id: string, changes: UpdateProductInput): Promise<AdminProductDto> {
  return api.request(`/admin/products/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: adminProductDto,
  });
}

export function deleteProduct(id: string): Promise<void> {
  return api.request(`/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function moveProduct(id: string, direction: 'up' | 'down'): Promise<AdminProductDto> {
  return api.request(`/admin/products/${encodeURIComponent(id)}/move`, {
    method: 'POST',
    body: { direction },
    schema: adminProductDto,
  });
}

/** Asks for a presigned POST for one photo (POST /admin/uploads). */
export function startUpload(file: { type: string; size: number }): Promise<CreateUploadResponse> {
  return api.request('/admin/uploads', {
    method: 'POST',
    body: { contentType: file.type, size: file.size },
    schema: createUploadResponse,
  });
}

export function getUpload(id: string, signal?: AbortSignal): Promise<UploadDto> {
  return api.request(`/admin/uploads/${encodeURIComponent(id)}`, { schema: uploadDto, signal });
}

/**
 * Sends the file straight to the bucket with the presigned POST: the signed fields first, the
 * file last (S3 reads the fields before it). No token: the policy's signature is the permission.
 */
export async function sendToBucket(
  post: CreateUploadResponse['post'],
  file: File,
  signal?: AbortSignal,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(post.url, { method: 'POST', body: form, signal });
  if (!response.ok) throw new Error(`The bucket refused the upload (${response.status})`);
}
