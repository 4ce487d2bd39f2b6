import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../components/ui/use-document-title';

export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <h1 id="hero-heading">{t('brand.tagline')}</h1>
      <p className="hero-intro">{t('home.intro')}</p>
      <Link to={paths.products.getHref()} className="button button-primary">
        {t('home.cta')}
      </Link>
    </section>
  );
}
