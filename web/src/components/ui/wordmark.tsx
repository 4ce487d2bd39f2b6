import { useTranslation } from 'react-i18next';

/**
 * The LINEA wordmark: the name set in widely tracked capitals over a hairline, the "line" the
 * name means. Text, not an image, so it stays crisp, translatable in tone and cheap to load;
 * the rule is drawn by CSS and hidden from assistive technology.
 */
export function Wordmark({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <span className={['wordmark', className].filter(Boolean).join(' ')}>{t('brand.name')}</span>;
}
