import { queryOptions } from '@tanstack/react-query';
import { meResponse, type MeResponse } from '@linea/shared/contracts/account';
import { api } from '../../../api/client';
import { accountQueryKey } from './query-keys';

/** GET /me: the signed-in customer as the verified token describes them. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.request('/me', { schema: meResponse, signal });
}

export const meQuery = () =>
  queryOptions({
    queryKey: [...accountQueryKey, 'me'],
    queryFn: ({ signal }) => getMe(signal),
  });
