import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageIntro } from '../../../components/ui/page-intro';
import { usePolicyFacts } from '../policy-facts';
import '../content.css';

/** Shipping & Returns: every fee and delay from SHOP_POLICY, with the return steps. */
export function ShippingReturnsContent({ contactHref }: { contactHref: string }) {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  const summary = [
    { label: t('shippingPage.feeLabel'), value: t('shippingPage.feeValue', facts) },
    { label: t('shippingPage.dispatchLabel'), value: t('shippingPage.dispatchValue', facts) },
    { label: t('shippingPage.destinationLabel'), value: t('shippingPage.destinationValue') },
    { label: t('shippingPage.returnsLabel'), value: t('shippingPage.returnsValue', facts) },
  ];
  return (
    <div className="page help-page">
      <PageIntro eyebrow={t('shippingPage.eyebrow')} title={t('shippingPage.title')} lead={t('shippingPage.intro')} />
      <dl className="facts" aria-label={t('shippingPage.summaryLabel')}>
        {summary.map((fact) => (
          <div key={fact.label} className="fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="help-columns">
        <section aria-labelledby="shipping-heading" className="prose">
          <h2 id="shipping-heading">{t('shippingPage.shippingHeading')}</h2>
          <p>{t('shippingPage.shippingText', facts)}</p>
        </section>
        <section aria-labelledby="returns-heading" className="prose">
          <h2 id="returns-heading">{t('shippingPage.returnsHeading')}</h2>
          <p>{t('shippingPage.returnsText', facts)}</p>
          <h3>{t('shippingPage.howHeading')}</h3>
          <ol className="steps">
            <li>{t('shippingPage.step1', facts)}</li>
            <li>{t('shippingPage.step2')}</li>
            <li>{t('shippingPage.step3')}</li>
          </ol>
          <Link to={contactHref} className="arrow-link">
            {t('shippingPage.contactCta')}
            <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
          </Link>
        </section>
      </div>
    </div>
  );
}
