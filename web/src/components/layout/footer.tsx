import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p className="wordmark footer-wordmark">{t('brand.name')}</p>
        <p>{t('brand.tagline')}</p>
        <p className="muted">{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
