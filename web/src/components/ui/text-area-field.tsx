import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown after the label in a quieter tone, e.g. "(optional)". */
  labelNote?: string;
  /** Shown under the field, announced, and linked with aria-describedby. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with the same anatomy as TextField. */
export function TextAreaField({ label, labelNote, error, className, ref, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {labelNote ? <span className="field-note"> {labelNote}</span> : null}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
