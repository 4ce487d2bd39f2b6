import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { Button } from './button';

/** An API failure as text: `errors.<code>`, never the server's own message. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => t(`errors.${isApiError(error) ? error.code : 'INTERNAL'}`);
}

export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="error-message" role="alert">
      <p>{errorText(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
