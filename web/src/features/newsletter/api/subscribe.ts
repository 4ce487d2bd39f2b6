import {
  subscribeResponse,
  type ConfirmSubscriptionRequest,
  type SubscribeRequest,
  type SubscribeResponse,
  type UnsubscribeRequest,
} from '@linea/shared/contracts/newsletter';
import { api } from '../../../api/client';

/** POST /newsletter/subscribers: the same answer whether or not the email is on the list (double opt-in). */
export function subscribe(request: SubscribeRequest): Promise<SubscribeResponse> {
  return api.request('/newsletter/subscribers', { method: 'POST', body: request, schema: subscribeResponse });
}

/** POST /newsletter/unsubscribe with the email and token of a newsletter's link; NOT_FOUND for a link that is not valid. */
export function unsubscribe(request: UnsubscribeRequest): Promise<void> {
  return api.request('/newsletter/unsubscribe', { method: 'POST', body: request, withToken: false });
}

/** POST /newsletter/confirm with the email and token of the confirmation email's link; NOT_FOUND for a link that is not valid. */
export function confirmSubscription(request: ConfirmSubscriptionRequest): Promise<void> {
  return api.request('/newsletter/confirm', { method: 'POST', body: request, withToken: false });
}
