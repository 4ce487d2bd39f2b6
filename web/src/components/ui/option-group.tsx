import { useId } from 'react';

export interface OptionGroupProps {
  legend: string;
  name: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A single choice among a few options (size, colour): native radio inputs in a fieldset, so
 * the group is named by its legend and arrow keys move between options.
 */
export function OptionGroup({ legend, name, options, value, onChange }: OptionGroupProps) {
  const id = useId();
  return (
    <fieldset className="option-group">
      <legend>{legend}</legend>
      <div className="option-list">
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={option} className="option">
              <input
                type="radio"
                id={optionId}
                name={`${name}-${id}`}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
              />
              <label htmlFor={optionId}>{option}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
