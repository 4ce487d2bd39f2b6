import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/i18n';
import { CONTACT_DETAILS, phoneHref } from '../contact-details';
import { formatTime, OPENING_HOURS, weekdayName, type OpeningPeriod } from '@linea/shared/domain/opening-hours';
import '../contact.css';

const ICON = { size: 18, strokeWidth: 1.25, 'aria-hidden': true } as const;

function useDayLabel() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (period: OpeningPeriod) =>
    period.from === period.to
      ? weekdayName(period.from, locale)
      : t('contactPage.dayRange', { from: weekdayName(period.from, locale), to: weekdayName(period.to, locale) });
}

/** The shop's address, email and phone, and its customer service hours. */
export function ContactInfo() {
  const { t } = useTranslation();
  const locale = useLocale();
  const dayLabel = useDayLabel();
  const { company, street, postalCode, city, email, phone } = CONTACT_DETAILS;

  return (
    <div className="contact-info">
      <section aria-labelledby="contact-details-heading" className="contact-block">
        <h2 id="contact-details-heading" className="section-label">
          {t('contactPage.detailsHeading')}
        </h2>
        <dl className="contact-list">
          <div>
            <dt>
              <MapPin {...ICON} />
              {t('contactPage.address')}
            </dt>
            <dd>
              <address>
                {company}
                <br />
                {street}
                <br />
                {postalCode} {city}
                <br />
                {t('contactPage.country')}
              </address>
            </dd>
          </div>
          <div>
            <dt>
              <Mail {...ICON} />
              {t('contactPage.email')}
            </dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
          <div>
            <dt>
              <Phone {...ICON} />
              {t('contactPage.phone')}
            </dt>
            <dd>
              <a href={phoneHref()}>{phone}</a>
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="contact-hours-heading" className="contact-block">
        <h2 id="contact-hours-heading" className="section-label">
          {t('contactPage.hoursHeading')}
        </h2>
        <dl className="hours-list">
          {OPENING_HOURS.map((period) => (
            <div key={period.from}>
              <dt>{dayLabel(period)}</dt>
              <dd>
                {period.hours
                  ? t('contactPage.timeRange', {
                      open: formatTime(period.hours.open, locale),
                      close: formatTime(period.hours.close, locale),
                    })
                  : t('contactPage.closed')}
              </dd>
            </div>
          ))}
        </dl>
        <p className="fine-print">{t('contactPage.hoursNote')}</p>
      </section>
    </div>
  );
}
