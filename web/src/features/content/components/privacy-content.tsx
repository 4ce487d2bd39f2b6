import { useTranslation } from 'react-i18next';
import { LegalDocument } from './legal-document';
import type { ShopContact } from './terms-content';
import '../content.css';

/** The Privacy Policy, including the spec's line: the services are not for children under 13. */
export function PrivacyContent({ contact }: { contact: ShopContact }) {
  const { t } = useTranslation();
  const sections = [
    { id: 'controller', title: t('privacyPage.controller.title'), text: t('privacyPage.controller.text', contact) },
    { id: 'collect', title: t('privacyPage.collect.title'), text: t('privacyPage.collect.text') },
    { id: 'use', title: t('privacyPage.use.title'), text: t('privacyPage.use.text') },
    { id: 'payment', title: t('privacyPage.payment.title'), text: t('privacyPage.payment.text') },
    { id: 'device', title: t('privacyPage.device.title'), text: t('privacyPage.device.text') },
    { id: 'retention', title: t('privacyPage.retention.title'), text: t('privacyPage.retention.text') },
    { id: 'rights', title: t('privacyPage.rights.title'), text: t('privacyPage.rights.text', contact) },
    { id: 'children', title: t('privacyPage.children.title'), text: t('privacyPage.children.text') },
    { id: 'changes', title: t('privacyPage.changes.title'), text: t('privacyPage.changes.text') },
  ];
  return <LegalDocument title={t('privacyPage.title')} intro={t('privacyPage.intro')} sections={sections} />;
}
