import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/ui/page-intro';
import '../content.css';

const VALUES = ['quality', 'simplicity', 'responsibility'] as const;
const TEAM = ['founder', 'product', 'care'] as const;

/** Initials for the team's monogram ("Lena Brunner" → "LB"); no portraits, no stock photos. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

/** /about: the story, the values and the team. */
export function AboutContent() {
  const { t } = useTranslation();
  return (
    <div className="page about-page">
      <PageIntro eyebrow={t('aboutPage.eyebrow')} title={t('aboutPage.heading')} lead={t('aboutPage.lead')} />
      <section aria-labelledby="about-story-heading" className="split-section">
        <h2 id="about-story-heading" className="section-label">
          {t('aboutPage.storyHeading')}
        </h2>
        <div className="prose prose-large">
          <p>{t('aboutPage.story1')}</p>
          <p>{t('aboutPage.story2')}</p>
          <p>{t('aboutPage.story3')}</p>
        </div>
      </section>
      <section aria-labelledby="about-values-heading" className="split-section">
        <h2 id="about-values-heading" className="section-label">
          {t('aboutPage.valuesHeading')}
        </h2>
        <ol className="feature-list">
          {VALUES.map((value, index) => (
            <li key={value}>
              <span className="feature-number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{t(`aboutPage.values.${value}.title`)}</h3>
              <p>{t(`aboutPage.values.${value}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="about-team-heading" className="split-section">
        <div>
          <h2 id="about-team-heading" className="section-label">
            {t('aboutPage.teamHeading')}
          </h2>
        </div>
        <div>
          <p className="muted team-intro">{t('aboutPage.teamIntro')}</p>
          <ul className="team-list">
            {TEAM.map((member) => {
              const name = t(`aboutPage.team.${member}.name`);
              return (
                <li key={member} className="team-member">
                  <span className="monogram" aria-hidden="true">
                    {initials(name)}
                  </span>
                  <h3>{name}</h3>
                  <p className="team-role">{t(`aboutPage.team.${member}.role`)}</p>
                  <p className="muted">{t(`aboutPage.team.${member}.bio`)}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </div>
  );
}
