import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageIntro } from '../../../components/ui/page-intro';
import { SizeTable } from '../../../components/ui/size-table';
import '../content.css';

/** The size guide page: the spec's two tables (shared/domain/size-guide) and how to measure. */
export function SizeGuideContent({ contactHref }: { contactHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="page help-page">
      <PageIntro
        eyebrow={t('sizeGuidePage.eyebrow')}
        title={t('sizeGuidePage.title')}
        lead={t('sizeGuidePage.intro')}
      />
      <div className="size-guide-grid">
        <section aria-labelledby="size-tops-heading" className="size-guide-block">
          <h2 id="size-tops-heading">{t('sizeGuidePage.topsHeading')}</h2>
          <p className="muted">{t('sizeGuidePage.topsText')}</p>
          <SizeTable table="tops" hideCaption />
        </section>
        <section aria-labelledby="size-bottoms-heading" className="size-guide-block">
          <h2 id="size-bottoms-heading">{t('sizeGuidePage.bottomsHeading')}</h2>
          <p className="muted">{t('sizeGuidePage.bottomsText')}</p>
          <SizeTable table="bottoms" hideCaption />
        </section>
      </div>
      <section aria-labelledby="size-measure-heading" className="panel measure-panel">
        <h2 id="size-measure-heading">{t('sizeGuidePage.measureHeading')}</h2>
        <ul className="plain-list">
          <li>{t('sizeGuidePage.chestHow')}</li>
          <li>{t('sizeGuidePage.waistHow')}</li>
          <li>{t('sizeGuidePage.betweenSizes')}</li>
        </ul>
        <p className="muted">{t('sizeGuidePage.help')}</p>
        <Link to={contactHref} className="arrow-link">
          {t('sizeGuidePage.contactCta')}
          <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
        </Link>
      </section>
    </div>
  );
}
