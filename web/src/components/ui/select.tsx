import { useId } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  /** Submitted with a surrounding form under this name (Radix renders a native select for it). */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}

/**
 * A labelled single choice from a list (Radix Select): type-ahead, arrow keys, Escape, and the
 * list is announced as a listbox. For two or three visible options prefer radio buttons.
 */
export function Select({ label, options, error, placeholder, ...root }: SelectProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <RadixSelect.Root {...root}>
        <RadixSelect.Trigger
          className="select-trigger"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className="select-icon">
            <ChevronDown aria-hidden="true" size={16} strokeWidth={1.5} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport className="select-viewport">
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} className="select-item">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="select-item-indicator">
                    <Check aria-hidden="true" size={14} strokeWidth={1.75} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
