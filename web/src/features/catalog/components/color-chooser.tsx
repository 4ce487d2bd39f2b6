import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { swatchFor, swatchRing } from '@linea/shared/domain/colors';

/**
 * The page colours a swatch can sit on in each theme: tokens.css's --color-bg, --color-surface
 * and --color-subtle. Mirrored here because the ring is chosen in script; the swatch test fails
 * as soon as the two disagree.
 */
export const SWATCH_GROUNDS = {
  light: ['#f7f5f1', '#ffffff', '#efece6'],
  dark: ['#131211', '#1c1b19', '#1f1e1b'],
} as const satisfies Record<'light' | 'dark', readonly string[]>;

const swatchStyles = new Map<string, CSSProperties>();

/**
 * A swatch's fill and its ring for either theme (catalog.css picks the one in force): the ring
 * keeps at least 3:1 against the page, so Black on the dark page and Chalk on the light one
 * still show where they are.
 */
function swatchStyle(color: string): CSSProperties {
  let style = swatchStyles.get(color);
  if (!style) {
    const fill = swatchFor(color);
    style = {
      backgroundColor: fill,
      '--swatch-ring-light': swatchRing(fill, SWATCH_GROUNDS.light),
      '--swatch-ring-dark': swatchRing(fill, SWATCH_GROUNDS.dark),
    } as CSSProperties;
    swatchStyles.set(color, style);
  }
  return style;
}

export interface ColorChooserProps {
  /** Colour keys: they pick the swatch and are what `onChange` reports. */
  colors: readonly string[];
  /** Colour key → name in the page's language; the key where missing. */
  names?: Readonly<Record<string, string>>;
  value: string | undefined;
  onChange: (color: string) => void;
}

/**
 * Colour swatches as native radio inputs in a fieldset: the legend names the group, each
 * colour's name (visually hidden) names its radio, and arrow keys move between colours.
 */
export function ColorChooser({ colors, names = {}, value, onChange }: ColorChooserProps) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = (color: string) => names[color] ?? color;
  return (
    <fieldset className="choice-group">
      <legend className="choice-legend">{t('product.color')}</legend>
      {/* Sighted shoppers see the chosen name here; the checked radio already says it aloud. */}
      {value ? (
        <span className="choice-current" aria-hidden="true">
          {nameOf(value)}
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
              <label htmlFor={optionId} className="swatch" title={nameOf(color)}>
                <span className="swatch-fill" style={swatchStyle(color)} aria-hidden="true" />
                <span className="visually-hidden">{nameOf(color)}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
