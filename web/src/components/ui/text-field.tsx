import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown after the label in a quieter tone, e.g. "(optional)". */
  labelNote?: string;
  /** Shown under the input, announced, and linked with aria-describedby. */
  error?: string;
  /** Announce the error as soon as it appears (role="alert"); off where a form-level alert already speaks. */
  announceError?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input: the label element names it, the error describes it. */
export function TextField({ label, labelNote, error, announceError = true, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {labelNote ? <span className="field-note"> {labelNote}</span> : null}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
