import { useEffect, useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The API refuses longer search texts (shared/contracts/products: q ≤ 100). */
const MAX_QUERY_LENGTH = 100;

export interface SearchFormProps {
  className?: string;
  /** Called after the search was started, e.g. to close the mobile menu. */
  onSearch?: () => void;
  /** Takes focus when shown, for a field the shopper has just asked for. @default false */
  autoFocus?: boolean;
}

/**
 * A labelled search box that opens the catalogue filtered by `?q=`. On the catalogue it shows
 * the current search, so the shopper can refine it; elsewhere it starts empty.
 */
export function SearchForm({ className, onSearch, autoFocus = false }: SearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const inputId = useId();
  const current = pathname === paths.products.path ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = value.trim();
    void navigate(query ? paths.search.getHref(query) : paths.products.getHref());
    onSearch?.();
  }

  return (
    <form role="search" className={['search-form', className].filter(Boolean).join(' ')} onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        className="search-input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('header.searchPlaceholder')}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        autoFocus={autoFocus}
        enterKeyHint="search"
      />
      <button type="submit" className="search-submit" aria-label={t('header.searchSubmit')}>
        <Search aria-hidden="true" size={18} strokeWidth={1.5} />
      </button>
    </form>
  );
}
