import type { Locale } from '@linea/shared/domain/money';
import { profiles as profileRepository, type ProfileRepository } from '../data/profile-repository';

/**
 * The language of an email to a customer: the one they chose in their account, else `fallback`
 * (the language of the order or form the email is about). Guests have no account to choose in.
 */
export async function emailLanguageFor(
  userId: string | undefined,
  fallback: Locale,
  deps: { profiles: Pick<ProfileRepository, 'get'> } = { profiles: profileRepository },
): Promise<Locale> {
  if (!userId) return fallback;
  return (await deps.profiles.get(userId))?.emailLanguage ?? fallback;
}
