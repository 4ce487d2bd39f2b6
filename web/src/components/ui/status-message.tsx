import type { ReactNode } from 'react';

/** A polite live region for loading and empty states, so they are announced when they appear. */
export function StatusMessage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={['status-message', className].filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}
