import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  addressDto,
  addressListResponse,
  myOrdersResponse,
  profileDto,
  type AddressDto,
  type CreateAddressRequest,
  type ProfileDto,
  type UpdateAddressRequest,
} from '@linea/shared/contracts/account';
import type { Locale } from '@linea/shared/domain/money';
import { api } from '../../../api/client';
import { accountQueryKey } from './query-keys';

/** GET /orders, a page at a time (newest first). */
export const myOrdersQuery = () =>
  infiniteQueryOptions({
    queryKey: [...accountQueryKey, 'orders'],
    queryFn: ({ pageParam, signal }) =>
      api.request('/orders', {
        schema: myOrdersResponse,
        signal,
        query: pageParam ? { cursor: pageParam } : {},
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor,
  });

export const addressesQuery = () =>
  queryOptions({
    queryKey: [...accountQueryKey, 'addresses'],
    queryFn: async ({ signal }) => (await api.request('/addresses', { schema: addressListResponse, signal })).items,
  });

export function addAddress(request: CreateAddressRequest): Promise<AddressDto> {
  return api.request('/addresses', { method: 'POST', body: request, schema: addressDto });
}

export function updateAddress(id: string, request: UpdateAddressRequest): Promise<AddressDto> {
  return api.request(`/addresses/${encodeURIComponent(id)}`, { method: 'PATCH', body: request, schema: addressDto });
}

export function deleteAddress(id: string): Promise<void> {
  return api.request(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: [...accountQueryKey, 'profile'],
    queryFn: ({ signal }) => api.request('/me/profile', { schema: profileDto, signal }),
  });

export function updateEmailLanguage(emailLanguage: Locale): Promise<ProfileDto> {
  return api.request('/me/profile', { method: 'PUT', body: { emailLanguage }, schema: profileDto });
}

/** DELETE /me: the account and what is kept under it; orders stay without the link. */
export function deleteMyAccount(): Promise<void> {
  return api.request('/me', { method: 'DELETE' });
}
