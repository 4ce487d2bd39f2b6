import { useId, type Ref } from 'react';
import { ChevronDown } from 'lucide-react';

export interface ListSelectOption {
  value: string;
  label: string;
}

export interface ListSelectProps {
  label: string;
  options: readonly ListSelectOption[];
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select for the list toolbar. Native rather than the design system's Radix
 * Select: on a phone it opens the system picker, and a short list of sort orders or colours
 * needs no custom listbox.
 */
export function ListSelect({ label, options, value, onChange, ref }: ListSelectProps) {
  const id = useId();
  return (
    <div className="list-select">
      <label htmlFor={id}>{label}</label>
      <div className="list-select-control">
        <select ref={ref} id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="list-select-icon" aria-hidden="true" size={16} strokeWidth={1.5} />
      </div>
    </div>
  );
}
