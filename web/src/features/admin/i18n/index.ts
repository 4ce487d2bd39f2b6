import i18next from 'i18next';
import { adminDe } from './de';
import { adminEn } from './en';

export const ADMIN_NAMESPACE = 'admin';

/**
 * Adds the `admin` namespace when the admin code loads (it is imported only by the admin routes),
 * so the storefront's bundle carries none of these texts.
 */
export function registerAdminTexts(): void {
  if (i18next.hasResourceBundle('en', ADMIN_NAMESPACE)) return;
  i18next.addResourceBundle('en', ADMIN_NAMESPACE, adminEn);
  i18next.addResourceBundle('de', ADMIN_NAMESPACE, adminDe);
}

registerAdminTexts();
