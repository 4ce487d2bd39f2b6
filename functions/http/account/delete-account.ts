import { deleteAccount } from '../../services/delete-account';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler('DELETE /me', {}, async ({ actor }) => {
  await deleteAccount(actor.userId);
  return noContent();
});
