import 'i18next';
import type { en } from '@linea/shared/i18n/en';
import type { adminEn } from '../features/admin/i18n/en';
import type { chatEn } from '../features/chat/i18n/en';

/**
 * Typed keys: `t('products.empty')` is checked against the English source dictionary, and
 * `useTranslation('admin')` against the back office's own (loaded with the admin code only), and
 * `useTranslation('chat')` against the shop assistant's (loaded with the widget, after the page).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; admin: typeof adminEn; chat: typeof chatEn };
  }
}
