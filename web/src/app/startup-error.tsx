import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RuntimeConfigError } from '../config/runtime-config-error';
import { Button } from '../components/ui/button';

/** Shown instead of the app when the page's runtime config is missing or invalid. */
export function StartupError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const details =
    error instanceof RuntimeConfigError
      ? [error.message, ...error.issues]
      : [error instanceof Error ? error.message : String(error)];
  useEffect(() => {
    document.title = t('startup.title');
    console.error(error);
  }, [error, t]);

  return (
    <main className="container main startup-error">
      <div className="page" role="alert">
        <p className="wordmark">{t('brand.name')}</p>
        <h1>{t('startup.title')}</h1>
        <p className="muted">{t('startup.description')}</p>
        <details>
          <summary>{t('startup.details')}</summary>
          <ul>
            {details.map((line, index) => (
              <li key={index}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </details>
        <Button onClick={() => window.location.reload()}>{t('startup.reload')}</Button>
      </div>
    </main>
  );
}
