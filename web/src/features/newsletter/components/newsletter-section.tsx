import { useTranslation } from 'react-i18next';
import { NewsletterSignup } from './newsletter-signup';

/** The home page's newsletter band: why to subscribe, and the form. */
export function NewsletterSection() {
  const { t } = useTranslation();
  return (
    <section className="home-section newsletter-band" aria-labelledby="newsletter-heading">
      <div className="newsletter-copy">
        <p className="eyebrow">{t('newsletter.eyebrow')}</p>
        <h2 id="newsletter-heading" className="section-title">
          {t('newsletter.heading')}
        </h2>
        <p className="muted">{t('newsletter.text')}</p>
      </div>
      <NewsletterSignup />
    </section>
  );
}
