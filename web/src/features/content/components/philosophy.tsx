import { useTranslation } from 'react-i18next';
import '../content.css';

const PILLARS = ['materials', 'design', 'longevity'] as const;

/** The home page's philosophy: one statement and three short principles. */
export function Philosophy() {
  const { t } = useTranslation();
  return (
    <section className="home-section philosophy" aria-labelledby="philosophy-heading">
      <div className="philosophy-statement">
        <p className="eyebrow">{t('homePage.philosophyEyebrow')}</p>
        <h2 id="philosophy-heading" className="section-title">
          {t('homePage.philosophyHeading')}
        </h2>
        <p className="lead">{t('homePage.philosophyText')}</p>
      </div>
      <ol className="feature-list">
        {PILLARS.map((pillar, index) => (
          <li key={pillar}>
            <span className="feature-number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3>{t(`homePage.pillars.${pillar}.title`)}</h3>
            <p>{t(`homePage.pillars.${pillar}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
