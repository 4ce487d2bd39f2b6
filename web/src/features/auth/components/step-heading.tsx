import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a step that replaces what was on screen (a code to type, a new password): it
 * takes the focus when it appears, so keyboard and screen-reader users start reading there.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="auth-step-heading">
      {children}
    </h1>
  );
}

/** The 6 digits Cognito sends; spaces a shopper copied along are dropped. */
export const CODE_PATTERN = /^\d{6}$/;
export const normaliseCode = (value: string): string => value.replace(/\s+/g, '');
