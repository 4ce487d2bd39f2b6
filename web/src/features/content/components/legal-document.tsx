import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/ui/page-intro';
import '../content.css';

export interface LegalSection {
  id: string;
  title: string;
  text: string;
}

export interface LegalDocumentProps {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

/**
 * A legal page: title, 'Last updated', an in-page table of contents and numbered sections at a
 * comfortable reading measure. Each section is a landmark-free <section> named by its heading.
 */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  const { t } = useTranslation();
  return (
    <article className="page legal">
      <PageIntro title={title} lead={intro} meta={t('legal.lastUpdated')} />
      <div className="legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-heading">
          <h2 id="legal-toc-heading" className="section-label">
            {t('legal.contents')}
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-body prose">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                <span className="legal-number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                {section.title}
              </h2>
              <p>{section.text}</p>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
