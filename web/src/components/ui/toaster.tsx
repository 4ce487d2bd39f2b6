import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { X } from 'lucide-react';
import { useToastStore, type ToastAction } from '../../stores/toast-store';

const DURATION_MS = 5000;
/** A toast with a control (Undo, Sign in) stays longer, so there is time to reach it. */
const ACTION_DURATION_MS = 10_000;

function ToastActionControl({ action }: { action: ToastAction }) {
  if (action.to !== undefined) {
    return (
      // Radix renders its action as a button; `type` is unset for the link it becomes here.
      <Toast.Action altText={action.altText} asChild type={undefined}>
        <Link to={action.to} className="toast-action">
          {action.label}
        </Link>
      </Toast.Action>
    );
  }
  return (
    <Toast.Action altText={action.altText} className="toast-action" onClick={action.onAction}>
      {action.label}
    </Toast.Action>
  );
}

/**
 * Renders the toast store with Radix Toast: announced to screen readers (errors assertively,
 * the rest politely; an action by its alternative text), dismissable with Escape, a swipe or the
 * close button, paused on hover and focus; F8 moves focus to the region.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <Toast.Provider label={t('toast.region')} duration={DURATION_MS}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          className="toast"
          data-variant={item.variant}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          duration={item.duration ?? (item.action ? ACTION_DURATION_MS : undefined)}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
        >
          <Toast.Title className="toast-title">{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className="toast-description">{item.description}</Toast.Description>
          ) : null}
          {item.action ? <ToastActionControl action={item.action} /> : null}
          <Toast.Close className="toast-close" aria-label={t('toast.close')}>
            <X aria-hidden="true" size={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label={`${t('toast.region')} ({hotkey})`} />
    </Toast.Provider>
  );
}
