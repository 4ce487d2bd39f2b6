import { useTranslation } from 'react-i18next';
import { useCategoryLabel } from './use-category-label';

export interface CategoryOption {
  id: string;
  name: string;
}

export interface CategoryFilterProps {
  categories: readonly CategoryOption[];
  /** The selected category id; undefined for All. */
  selected: string | undefined;
  onSelect: (categoryId: string | undefined) => void;
}

/** 'All' plus one toggle button per category; the pressed one is the current filter. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  return (
    <div className="category-filter" role="group" aria-label={t('products.filterLabel')}>
      <button type="button" className="chip" aria-pressed={selected === undefined} onClick={() => onSelect(undefined)}>
        {t('products.all')}
      </button>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          className="chip"
          aria-pressed={selected === category.id}
          onClick={() => onSelect(category.id)}
        >
          {label(category.id, category.name)}
        </button>
      ))}
    </div>
  );
}
