import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';

export interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Names the number input. */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** Show the label above the control; otherwise it is for assistive technology only. */
  showLabel?: boolean;
  disabled?: boolean;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * − [n] + with a typed value that is applied when valid and clamped when the field is left.
 * The ends use aria-disabled, not disabled, so keyboard focus is not dropped at the limit.
 */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  showLabel = true,
  disabled = false,
}: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const atMin = disabled || value <= min;
  const atMax = disabled || value >= max;

  function commit(text: string) {
    const typed = Number.parseInt(text, 10);
    if (Number.isFinite(typed)) onChange(clamp(typed, min, max));
    setDraft(null);
  }

  return (
    <div className="stepper">
      <label htmlFor={id} className={showLabel ? 'stepper-label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="stepper-controls">
        <button
          type="button"
          className="stepper-button"
          aria-label={decreaseLabel}
          aria-disabled={atMin || undefined}
          onClick={() => {
            if (!atMin) onChange(clamp(value - 1, min, max));
          }}
        >
          <Minus aria-hidden="true" size={16} />
        </button>
        <input
          id={id}
          className="stepper-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const typed = Number(text);
            if (Number.isInteger(typed) && typed >= min && typed <= max) onChange(typed);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value);
          }}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label={increaseLabel}
          aria-disabled={atMax || undefined}
          onClick={() => {
            if (!atMax) onChange(clamp(value + 1, min, max));
          }}
        >
          <Plus aria-hidden="true" size={16} />
        </button>
      </div>
    </div>
  );
}
