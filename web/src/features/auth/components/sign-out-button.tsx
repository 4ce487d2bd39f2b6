import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';

/** Signs out and says so; the guarded page then redirects because the session is gone. */
export function SignOutButton() {
  const { t } = useTranslation();
  const signOut = useSessionStore((state) => state.signOut);
  const sessionEnded = useSessionStore((state) => state.sessionEnded);
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setBusy(true);
    try {
      await signOut();
      toast.success(t('auth.signedOut'), t('auth.signedOutDescription'));
    } catch {
      // Amplify could not finish (e.g. offline); the local session is dropped all the same.
      sessionEnded();
      toast.error(t('auth.errorTitle'), t('auth.errorDescription'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void handleClick()} disabled={busy}>
      {busy ? t('dashboard.signingOut') : t('dashboard.signOut')}
    </Button>
  );
}
