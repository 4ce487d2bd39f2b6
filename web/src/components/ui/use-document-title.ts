import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets a page's title as "<page> · LINEA", so each page is distinguishable (WCAG 2.4.2). */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const title = page ? t('common.pageTitle', { page }) : t('brand.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
