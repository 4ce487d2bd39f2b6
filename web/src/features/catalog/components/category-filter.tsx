import { useEffect, type FocusEvent, type MouseEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { revealInRow, useScrollHints } from '../hooks/use-scroll-hints';
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

/** How far a click on an edge hint scrolls: most of a row, keeping one chip in view for context. */
const PAGE_FRACTION = 0.7;

/**
 * 'All' plus one toggle button per category; the pressed one is the current filter. On a phone
 * the buttons scroll sideways in one row (catalog.css); a fade with a chevron marks each side
 * that hides more of them, and goes once that side is reached. Tabbing to a button, or selecting
 * one from a link, scrolls it into view.
 */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const reducedMotion = usePrefersReducedMotion();
  const behavior: ScrollBehavior = reducedMotion ? 'auto' : 'smooth';
  const labels = categories.map((category) => label(category.id, category.name));
  const { ref, hints } = useScrollHints<HTMLDivElement>(labels.join('|'));

  // The pressed button may be out of view: on arrival at /products?category=accessories on a
  // phone, or after the footer's link. A button that has focus was revealed by `reveal` already.
  useEffect(() => {
    const row = ref.current;
    const pressed = row?.querySelector('[aria-pressed="true"]');
    if (row && pressed && pressed !== document.activeElement) revealInRow(row, pressed, 'auto');
  }, [ref, selected, categories.length]);

  const reveal = (event: FocusEvent<HTMLDivElement>) => {
    if (ref.current) revealInRow(ref.current, event.target, behavior);
  };
  // A hint is no stop for focus: a click on it must leave focus where it was, not on a hidden element.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const page = (direction: 1 | -1) => {
    const row = ref.current;
    row?.scrollBy?.({ left: direction * row.clientWidth * PAGE_FRACTION, behavior });
  };

  return (
    <div
      className="category-filter-frame"
      data-more-start={hints.start || undefined}
      data-more-end={hints.end || undefined}
    >
      <div ref={ref} className="category-filter" role="group" aria-label={t('products.filterLabel')} onFocus={reveal}>
        <button
          type="button"
          className="chip"
          aria-pressed={selected === undefined}
          onClick={() => onSelect(undefined)}
        >
          {t('products.all')}
        </button>
        {categories.map((category, index) => (
          <button
            key={category.id}
            type="button"
            className="chip"
            aria-pressed={selected === category.id}
            onClick={() => onSelect(category.id)}
          >
            {labels[index]}
          </button>
        ))}
      </div>
      {/* Pointer shortcuts only: keyboard and screen-reader users reach every button in the row. */}
      <button
        type="button"
        className="category-more category-more-start"
        tabIndex={-1}
        aria-hidden="true"
        onMouseDown={keepFocus}
        onClick={() => page(-1)}
      >
        <ChevronLeft size={18} strokeWidth={1.5} />
      </button>
      <button
        type="button"
        className="category-more category-more-end"
        tabIndex={-1}
        aria-hidden="true"
        onMouseDown={keepFocus}
        onClick={() => page(1)}
      >
        <ChevronRight size={18} strokeWidth={1.5} />
      </button>
    </div>
  );
}
