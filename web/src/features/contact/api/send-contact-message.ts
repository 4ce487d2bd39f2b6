import {
  contactMessageResponse,
  type ContactMessageRequest,
  type ContactMessageResponse,
} from '@linea/shared/contracts/contact';
import { api } from '../../../api/client';

/**
 * POST /contact: the message is stored and forwarded by the server (201 {id, receivedAt}).
 * Fails with VALIDATION (details.fields) or RATE_LIMITED as an ApiError.
 */
export function sendContactMessage(request: ContactMessageRequest): Promise<ContactMessageResponse> {
  return api.request('/contact', { method: 'POST', body: request, schema: contactMessageResponse });
}
