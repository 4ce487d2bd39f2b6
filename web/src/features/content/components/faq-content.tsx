import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Accordion } from '../../../components/ui/accordion';
import { PageIntro } from '../../../components/ui/page-intro';
import { usePolicyFacts } from '../policy-facts';
import '../content.css';

const QUESTIONS = [
  'shippingCost',
  'dispatch',
  'countries',
  'returns',
  'sizing',
  'payment',
  'account',
  'reply',
] as const;

/** The questions and answers as plain text, e.g. for the page's FAQPage structured data. */
export function useFaqEntries(): { question: string; answer: string }[] {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  return QUESTIONS.map((id) => ({ question: t(`faqPage.${id}.question`), answer: t(`faqPage.${id}.answer`, facts) }));
}

export interface FaqLinks {
  contact: string;
  sizeGuide: string;
  shippingReturns: string;
}

/** The FAQ: questions that open in place; answers about money and time come from SHOP_POLICY. */
export function FaqContent({ links }: { links: FaqLinks }) {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  const items = QUESTIONS.map((id) => ({
    id,
    title: t(`faqPage.${id}.question`),
    content: (
      <>
        <p>{t(`faqPage.${id}.answer`, facts)}</p>
        {id === 'sizing' ? (
          <Link to={links.sizeGuide} className="arrow-link">
            {t('faqPage.sizeGuideCta')}
            <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
          </Link>
        ) : null}
        {id === 'returns' || id === 'shippingCost' ? (
          <Link to={links.shippingReturns} className="arrow-link">
            {t('faqPage.shippingCta')}
            <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
          </Link>
        ) : null}
      </>
    ),
  }));
  return (
    <div className="page help-page faq-page">
      <PageIntro eyebrow={t('faqPage.eyebrow')} title={t('faqPage.title')} lead={t('faqPage.intro')} />
      <Accordion items={items} headingLevel={2} className="faq-list" />
      <section aria-labelledby="faq-more-heading" className="panel faq-more">
        <h2 id="faq-more-heading">{t('faqPage.moreHeading')}</h2>
        <p className="muted">{t('faqPage.moreText', facts)}</p>
        <Link to={links.contact} className="button button-secondary">
          {t('faqPage.contactCta')}
        </Link>
      </section>
    </div>
  );
}
