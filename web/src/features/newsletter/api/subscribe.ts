import {
  subscribeResponse,
  type SubscribeRequest,
  type SubscribeResponse,
  type UnsubscribeRequest,
} from '@linea/shared/contracts/newsletter';
import { api } from '../../../api/client';

/** POST /newsletter/subscribers; ALREADY_SUBSCRIBED when the email is on the list. */
export function subscribe(request: SubscribeRequest): Promise<SubscribeResponse> {
  return api.request('/newsletter/subscribers', { method: 'POST', body: request, schema: subscribeResponse });
}

/** POST /newsletter/unsubscribe with the email and token of a newsletter's link; NOT_FOUND for a link that is not valid. */
export function unsubscribe(request: UnsubscribeRequest): Promise<void> {
  return api.request('/newsletter/unsubscribe', { method: 'POST', body: request, withToken: false });
}
