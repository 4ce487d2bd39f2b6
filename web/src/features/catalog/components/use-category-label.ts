import { useTranslation } from 'react-i18next';
import { en } from '@linea/shared/i18n/en';

type KnownCategory = keyof typeof en.categories;

function isKnownCategory(id: string): id is KnownCategory {
  return Object.hasOwn(en.categories, id);
}

/** A category's label: translated for the shop's known categories, else its name from the data. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (id: string, name: string): string => (isKnownCategory(id) ? t(`categories.${id}`) : name);
}
