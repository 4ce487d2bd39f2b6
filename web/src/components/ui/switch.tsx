import { useId } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A quieter line under the label, linked as the switch's description. */
  description?: string;
  disabled?: boolean;
  name?: string;
}

/** An on/off setting (role "switch"), named by its visible label. */
export function Switch({ label, checked, onCheckedChange, description, disabled, name }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="switch-field">
      <div className="switch-text">
        <label htmlFor={id}>{label}</label>
        {description ? (
          <p id={descriptionId} className="field-note">
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        name={name}
        aria-describedby={description ? descriptionId : undefined}
      >
        <RadixSwitch.Thumb className="switch-thumb" />
      </RadixSwitch.Root>
    </div>
  );
}
