import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isSortOrder, SORT_ORDERS, type FilterOption } from '@linea/shared/domain/catalogue-view';
import type { ListArrangement, ViewUpdate } from '../lib/list-view';
import { ListSelect } from './list-select';

export interface ListToolbarProps {
  arrangement: ListArrangement;
  /** The colours and sizes the list offers (`filterOptions`), labelled in the page's language. */
  options: { colors: readonly FilterOption[]; sizes: readonly FilterOption[] };
  /** How many products the arrangement shows. */
  count: number;
  onChange: (update: ViewUpdate<ListArrangement>) => void;
  /** The colour select, for moving focus back to the filters. */
  colorRef?: Ref<HTMLSelectElement>;
}

/**
 * Sort order and the colour and size filters above a product list, with the number of products
 * shown in a polite live region: a change is announced without moving focus.
 */
export function ListToolbar({ arrangement, options, count, onChange, colorRef }: ListToolbarProps) {
  const { t } = useTranslation();
  // The empty value is "every colour" / "every size"; a key never is empty.
  const choices = (all: string, offered: readonly FilterOption[]) => [
    { value: '', label: all },
    ...offered.map((option) => ({ value: option.key, label: option.label })),
  ];
  return (
    <div className="list-toolbar">
      <div className="list-controls" role="group" aria-label={t('products.arrangeLabel')}>
        <ListSelect
          label={t('products.sortLabel')}
          options={SORT_ORDERS.map((order) => ({ value: order, label: t(`products.sort.${order}`) }))}
          value={arrangement.sort}
          onChange={(value) => {
            if (isSortOrder(value)) onChange((current) => ({ ...current, sort: value }));
          }}
        />
        <ListSelect
          ref={colorRef}
          label={t('products.colorLabel')}
          options={choices(t('products.allColors'), options.colors)}
          value={arrangement.color ?? ''}
          onChange={(value) => onChange((current) => ({ ...current, color: value || undefined }))}
        />
        <ListSelect
          label={t('products.sizeLabel')}
          options={choices(t('products.allSizes'), options.sizes)}
          value={arrangement.size ?? ''}
          onChange={(value) => onChange((current) => ({ ...current, size: value || undefined }))}
        />
      </div>
      <p className="list-count" role="status">
        {t('products.resultCount', { count })}
      </p>
    </div>
  );
}
