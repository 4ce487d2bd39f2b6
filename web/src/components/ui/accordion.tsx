import type { ReactNode } from 'react';
import { Accordion as RadixAccordion } from 'radix-ui';
import { Plus } from 'lucide-react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * Questions and answers that open in place (Radix Accordion): each title is a heading holding a
 * button with aria-expanded; several may be open at once, so reading one never hides another.
 */
export interface AccordionProps {
  items: readonly AccordionItem[];
  /** The level of each title's heading, to fit the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="multiple" className={['accordion', className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className="accordion-item">
          <RadixAccordion.Header asChild>
            <Heading className="accordion-header">
              <RadixAccordion.Trigger className="accordion-trigger">
                <span>{item.title}</span>
                <Plus aria-hidden="true" className="accordion-icon" size={18} strokeWidth={1.25} />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="accordion-content">
            <div className="accordion-content-inner">{item.content}</div>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
