import { useTranslation } from 'react-i18next';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { PageIntro } from '../components/ui/page-intro';
import { usePageOrigin } from '../components/ui/server-page';
import { usePageMeta } from '../components/ui/use-page-meta';
import { ContactForm } from '../features/contact/components/contact-form';
import { ContactInfo } from '../features/contact/components/contact-info';
import { CONTACT_DETAILS } from '../features/contact/contact-details';
import { openingHoursSpecification } from '@linea/shared/domain/opening-hours';

/** /contact: details and hours beside the message form. */
export function ContactRoute() {
  const { t } = useTranslation();
  const origin = usePageOrigin();
  const hours = SHOP_POLICY.contactReplyHours;
  const { company, email, phone, street, postalCode, city, countryCode } = CONTACT_DETAILS;
  usePageMeta({
    title: t('contactPage.title'),
    description: t('contactPage.metaDescription', { hours }),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: company,
      url: origin,
      email,
      telephone: phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: street,
        postalCode,
        addressLocality: city,
        addressCountry: countryCode,
      },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email,
        telephone: phone,
        availableLanguage: ['en', 'de'],
        hoursAvailable: openingHoursSpecification(),
      },
    },
  });
  return (
    <div className="page contact-page">
      <PageIntro
        eyebrow={t('contactPage.eyebrow')}
        title={t('contactPage.heading')}
        lead={t('contactPage.intro', { hours })}
      />
      <div className="contact-layout">
        <ContactInfo />
        {/* Not a named region: its name ("Send a message") would also match a search for the
            "Message" field by label. */}
        <div className="contact-form-section">
          <h2 className="section-label">{t('contactPage.formHeading')}</h2>
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
