import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Wordmark } from '../ui/wordmark';
import { SHOP_CATEGORIES } from './shop-categories';

/**
 * The spec's footer: the four categories, help pages, company and legal links, plus the
 * newsletter. Size Guide, Shipping & Returns and FAQ are real pages here, not dead links;
 * Careers is left out, as there is no page for it. The signup form is passed in by the app
 * (components do not import features).
 */
export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-top">
          <section className="footer-brand" aria-labelledby="footer-newsletter-heading">
            <Link to={paths.home.getHref()} className="footer-wordmark" aria-label={t('nav.homeLabel')}>
              <Wordmark />
            </Link>
            <p className="footer-tagline">{t('brand.tagline')}</p>
            <h2 id="footer-newsletter-heading" className="footer-heading">
              {t('siteFooter.newsletterHeading')}
            </h2>
            <p className="footer-text">{t('siteFooter.newsletterText')}</p>
            {newsletter}
          </section>
          <nav className="footer-nav" aria-label={t('siteFooter.navLabel')}>
            <div className="footer-column">
              <h2 className="footer-heading">{t('siteFooter.shop')}</h2>
              <ul>
                {SHOP_CATEGORIES.map((category) => (
                  <li key={category}>
                    <Link to={paths.products.getHref(category)}>{t(`categories.${category}`)}</Link>
                  </li>
                ))}
                <li>
                  <Link to={paths.products.getHref()}>{t('siteFooter.allProducts')}</Link>
                </li>
              </ul>
            </div>
            <div className="footer-column">
              <h2 className="footer-heading">{t('siteFooter.help')}</h2>
              <ul>
                <li>
                  <Link to={paths.contact.getHref()}>{t('siteFooter.contact')}</Link>
                </li>
                <li>
                  <Link to={paths.sizeGuide.getHref()}>{t('siteFooter.sizeGuide')}</Link>
                </li>
                <li>
                  <Link to={paths.shippingReturns.getHref()}>{t('siteFooter.shippingReturns')}</Link>
                </li>
                <li>
                  <Link to={paths.faq.getHref()}>{t('siteFooter.faq')}</Link>
                </li>
              </ul>
            </div>
            <div className="footer-column">
              <h2 className="footer-heading">{t('siteFooter.company')}</h2>
              <ul>
                <li>
                  <Link to={paths.about.getHref()}>{t('siteFooter.about')}</Link>
                </li>
                <li>
                  <Link to={paths.privacy.getHref()}>{t('siteFooter.privacy')}</Link>
                </li>
                <li>
                  <Link to={paths.terms.getHref()}>{t('siteFooter.terms')}</Link>
                </li>
              </ul>
            </div>
          </nav>
        </div>
        <div className="footer-bottom">
          {/* A page rendered on the server in December and read in January keeps its year
              rather than being rendered anew in the browser for it. */}
          <p suppressHydrationWarning>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <p>{t('siteFooter.location')}</p>
        </div>
      </div>
    </footer>
  );
}
