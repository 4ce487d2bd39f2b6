import { handler as deleteAccount } from '../http/account/delete-account';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('account-deletion', {
  'DELETE /me': deleteAccount,
});
