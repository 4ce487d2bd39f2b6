import type { ReactNode } from 'react';

/**
 * A table that may be wider or taller than the room it has: it scrolls in its own box, which a
 * keyboard can reach (Tab, then the arrow keys) and a screen reader names by the table's title.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={['admin-table-scroll', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
