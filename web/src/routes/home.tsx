import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageOrigin } from '../components/ui/server-page';
import { usePageMeta } from '../components/ui/use-page-meta';
import { productsQuery } from '../features/catalog/api/get-products';
import { useLocale } from '../i18n/i18n';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { CONTACT_DETAILS } from '../features/contact/contact-details';
import { HomeHero } from '../features/content/components/home-hero';
import { HomeSection } from '../features/content/components/home-section';
import { Philosophy } from '../features/content/components/philosophy';
import { NewsletterSection } from '../features/newsletter/components/newsletter-section';

/** The spec's home page shows at most three featured products. */
const FEATURED_LIMIT = 3;

/** Three quiet art-ground boxes of the cards' size, so the page does not jump when they arrive. */
function FeaturedPlaceholder({ label }: { label: string }) {
  return (
    <div className="featured-placeholder" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: FEATURED_LIMIT }, (_, index) => (
        <span key={index} className="featured-placeholder-card" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * The featured products come from the same catalogue query as /products (the router starts it
 * with the page's code), so opening the shop afterwards needs no new request. A failed or empty
 * list leaves the section out rather than showing an error on the landing page.
 */
function FeaturedProducts() {
  const { t } = useTranslation();
  const products = useQuery(productsQuery({}, useLocale()));
  const featured = useMemo(
    () => (products.data ?? []).filter((product) => product.featured).slice(0, FEATURED_LIMIT),
    [products.data],
  );
  if (!products.isPending && featured.length === 0) return null;
  return (
    <HomeSection
      id="featured"
      className="featured-products"
      eyebrow={t('homePage.featuredEyebrow')}
      title={t('homePage.featuredHeading')}
      action={
        <Link to={paths.products.getHref()} className="arrow-link">
          {t('homePage.featuredAll')}
          <ArrowRight aria-hidden="true" size={16} strokeWidth={1.25} />
        </Link>
      }
    >
      {products.isPending ? (
        <FeaturedPlaceholder label={t('homePage.featuredLoading')} />
      ) : (
        <ProductGrid products={featured} />
      )}
    </HomeSection>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const origin = usePageOrigin();
  const { company, email, street, postalCode, city, countryCode } = CONTACT_DETAILS;
  usePageMeta({
    title: t('brand.tagline'),
    description: t('homePage.metaDescription'),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: company,
      slogan: t('brand.tagline'),
      url: origin,
      email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: street,
        postalCode,
        addressLocality: city,
        addressCountry: countryCode,
      },
    },
  });
  return (
    <div className="home">
      <HomeHero shopHref={paths.products.getHref()} />
      <Philosophy />
      <FeaturedProducts />
      <NewsletterSection />
    </div>
  );
}
