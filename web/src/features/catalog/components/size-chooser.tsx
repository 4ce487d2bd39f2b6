import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface SizeChooserProps {
  /** Size keys: what `onChange` reports. */
  sizes: readonly string[];
  /** Size key → label in the page's language ("Einheitsgrösse"); the key where missing. */
  labels?: Readonly<Record<string, string>>;
  value: string | undefined;
  onChange: (size: string) => void;
  /** Shown under the options and read with each of them. */
  error?: string;
  /** Beside the legend, e.g. the size-guide button. */
  aside?: ReactNode;
  /** The first radio, so a failed add-to-cart can send focus to the missing choice. */
  firstOptionRef?: Ref<HTMLInputElement>;
}

/** Sizes as native radio inputs in a fieldset named by its legend. */
export function SizeChooser({ sizes, labels = {}, value, onChange, error, aside, firstOptionRef }: SizeChooserProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend className="choice-legend">{t('product.size')}</legend>
      {aside ? <div className="choice-aside">{aside}</div> : null}
      <div className="size-list">
        {sizes.map((size, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={size} className="size-option">
              <input
                ref={index === 0 ? firstOptionRef : undefined}
                type="radio"
                className="choice-input"
                id={optionId}
                name={`size-${id}`}
                value={size}
                checked={value === size}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={() => onChange(size)}
              />
              <label htmlFor={optionId} className="size-label">
                {labels[size] ?? size}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error choice-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
