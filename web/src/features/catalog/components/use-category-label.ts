import { useTranslation } from 'react-i18next';
import { isKnownCategory } from '@linea/shared/domain/category';

/** A category's label: translated for the shop's known categories, else its name from the data. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (id: string, name: string): string => (isKnownCategory(id) ? t(`categories.${id}`) : name);
}
