import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { swatchFor } from '@linea/shared/domain/colors';

export interface ColorChooserProps {
  colors: readonly string[];
  value: string | undefined;
  onChange: (color: string) => void;
}

/**
 * Colour swatches as native radio inputs in a fieldset: the legend names the group, each
 * colour's name (visually hidden) names its radio, and arrow keys move between colours.
 */
export function ColorChooser({ colors, value, onChange }: ColorChooserProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend className="choice-legend">{t('product.color')}</legend>
      {/* Sighted shoppers see the chosen name here; the checked radio already says it aloud. */}
      {value ? (
        <span className="choice-current" aria-hidden="true">
          {value}
        </span>
      ) : null}
      <div className="swatch-list">
        {colors.map((color, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={color} className="swatch-option">
              <input
                type="radio"
                className="choice-input"
                id={optionId}
                name={`color-${id}`}
                value={color}
                checked={value === color}
                onChange={() => onChange(color)}
              />
              <label htmlFor={optionId} className="swatch" title={color}>
                <span className="swatch-fill" style={{ backgroundColor: swatchFor(color) }} aria-hidden="true" />
                <span className="visually-hidden">{color}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
