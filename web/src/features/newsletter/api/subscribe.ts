import { subscribeResponse, type SubscribeRequest, type SubscribeResponse } from '@linea/shared/contracts/newsletter';
import { api } from '../../../api/client';

/** POST /newsletter/subscribers; ALREADY_SUBSCRIBED when the email is on the list. */
export function subscribe(request: SubscribeRequest): Promise<SubscribeResponse> {
  return api.request('/newsletter/subscribers', { method: 'POST', body: request, schema: subscribeResponse });
}
