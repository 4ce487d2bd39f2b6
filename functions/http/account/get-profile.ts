import type { ProfileDto } from '@linea/shared/contracts/account';
import { locale } from '@linea/shared/contracts/common';
import { profiles } from '../../data/profile-repository';
import { httpHandler, json } from '../../lib/http';

/** The stored choice, else the language the account was created in, else English. */
export const handler = httpHandler('GET /me/profile', {}, async ({ actor }) => {
  const stored = await profiles.get(actor.userId);
  const profile: ProfileDto = {
    emailLanguage: stored?.emailLanguage ?? locale.safeParse(actor.locale).data ?? 'en',
  };
  return json(200, profile);
});
