import 'i18next';
import type { en } from '@linea/shared/i18n/en';

/** Typed keys: `t('products.empty')` is checked against the English source dictionary. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
