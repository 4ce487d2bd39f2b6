import type { ReactNode } from 'react';

export interface PageIntroProps {
  title: string;
  /** A short overline above the title (section or category). */
  eyebrow?: string;
  /** The opening paragraph. */
  lead?: ReactNode;
  /** A quiet line under the lead, e.g. "Last updated: January 2024". */
  meta?: ReactNode;
  /** Centred for short landing pages; start-aligned for reading pages. @default 'start' */
  align?: 'start' | 'center';
}

/** A page's heading block: the page's one h1, with its overline, lead and note. */
export function PageIntro({ title, eyebrow, lead, meta, align = 'start' }: PageIntroProps) {
  return (
    <header className={`page-intro page-intro-${align}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {meta ? <p className="page-intro-meta">{meta}</p> : null}
    </header>
  );
}
