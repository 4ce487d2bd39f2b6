import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { useToastStore } from '../../stores/toast-store';

/**
 * Renders the toast store with Radix Toast: announced to screen readers (errors assertively,
 * the rest politely), dismissable with Escape, a swipe or the close button, paused on hover and
 * focus; F8 moves focus to the region.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <Toast.Provider label={t('toast.region')} duration={5000}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          className="toast"
          data-variant={item.variant}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
        >
          <Toast.Title className="toast-title">{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className="toast-description">{item.description}</Toast.Description>
          ) : null}
          <Toast.Close className="toast-close" aria-label={t('toast.close')}>
            <X aria-hidden="true" size={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label={`${t('toast.region')} ({hotkey})`} />
    </Toast.Provider>
  );
}
