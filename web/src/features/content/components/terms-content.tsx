import { useTranslation } from 'react-i18next';
import { usePolicyFacts } from '../policy-facts';
import { LegalDocument } from './legal-document';
import '../content.css';

// A type alias so i18next accepts it as interpolation values.
export type ShopContact = {
  /** One line: street, postcode and city, country. */
  address: string;
  email: string;
};

/** The Terms of Service; fee, dispatch, returns and reply time come from SHOP_POLICY. */
export function TermsContent({ contact }: { contact: ShopContact }) {
  const { t } = useTranslation();
  const facts = usePolicyFacts();
  const sections = [
    { id: 'seller', title: t('termsPage.seller.title'), text: t('termsPage.seller.text', contact) },
    { id: 'orders', title: t('termsPage.orders.title'), text: t('termsPage.orders.text') },
    { id: 'prices', title: t('termsPage.prices.title'), text: t('termsPage.prices.text') },
    { id: 'shipping', title: t('termsPage.shipping.title'), text: t('termsPage.shipping.text', facts) },
    { id: 'returns', title: t('termsPage.returns.title'), text: t('termsPage.returns.text', facts) },
    { id: 'promo', title: t('termsPage.promo.title'), text: t('termsPage.promo.text') },
    { id: 'liability', title: t('termsPage.liability.title'), text: t('termsPage.liability.text') },
    { id: 'law', title: t('termsPage.law.title'), text: t('termsPage.law.text') },
    { id: 'questions', title: t('termsPage.questions.title'), text: t('termsPage.questions.text', facts) },
  ];
  return <LegalDocument title={t('termsPage.title')} intro={t('termsPage.intro')} sections={sections} />;
}
