import type { ReactNode } from 'react';
import '../content.css';

export interface HomeSectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  /** A link or action aligned with the heading, e.g. "View all products". */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A home page band: overline, heading with an optional action, and its content. */
export function HomeSection({ id, eyebrow, title, action, children, className }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section className={['home-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className="section-header">
        <div>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId} className="section-title">
            {title}
          </h2>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
