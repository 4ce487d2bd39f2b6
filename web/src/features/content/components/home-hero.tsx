import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../content.css';

/** Two pieces from the collection's own art (4:5, on its soft ground), as an editorial pair. */
const HERO_ART = {
  main: '/images/products/cotton-gabardine-trench-1.svg',
  second: '/images/products/cashmere-roll-neck-1.svg',
} as const;

/** The landing hero: the tagline as the page's heading, one line of intro and the call to browse. */
export function HomeHero({ shopHref }: { shopHref: string }) {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-text">
        <p className="eyebrow">{t('homePage.heroEyebrow')}</p>
        <h1 id="hero-heading" className="display">
          {t('brand.tagline')}
        </h1>
        <p className="lead">{t('home.intro')}</p>
        <Link to={shopHref} className="button button-primary hero-cta">
          {t('home.cta')}
          <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
        </Link>
      </div>
      {/* Mood, not information: the pieces are named on the product pages. */}
      <div className="hero-art" aria-hidden="true">
        <img className="hero-art-main" src={HERO_ART.main} alt="" width={800} height={1000} fetchPriority="high" />
        <img className="hero-art-second" src={HERO_ART.second} alt="" width={800} height={1000} decoding="async" />
      </div>
    </section>
  );
}
