import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../components/ui/use-page-meta';
import { addAddress, addressesQuery } from '../features/account/api/account-api';
import { meQuery } from '../features/account/api/get-me';
import { CheckoutView, type CheckoutPrefill } from '../features/checkout/components/checkout-view';
import { selectIsSignedIn, useSessionStore } from '../stores/session-store';

/**
 * /checkout: the checkout form, prefilled from the account when signed in. Whether a session
 * exists comes from the session store's storage hint, so an anonymous shopper's checkout never
 * asks GET /me nor downloads the auth library.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('checkout.title'), description: t('checkout.metaDescription'), noindex: true });
  const [params] = useSearchParams();
  const signedIn = useSessionStore(selectIsSignedIn);
  const me = useQuery({ ...meQuery(), enabled: signedIn });
  const addresses = useQuery({ ...addressesQuery(), enabled: signedIn });
  const prefill: CheckoutPrefill | undefined =
    signedIn && me.data
      ? { email: me.data.email, firstName: me.data.firstName, lastName: me.data.lastName }
      : undefined;

  return (
    <div className="page checkout-page">
      <h1>{t('checkout.title')}</h1>
      <CheckoutView
        prefill={prefill}
        // A guest has none; a customer's list is waited for, so the default can fill the fields.
        savedAddresses={signedIn ? (addresses.data ?? (addresses.isError ? [] : undefined)) : undefined}
        onSaveAddress={signedIn ? addAddress : undefined}
        cancelled={params.get('cancelled') === '1'}
      />
    </div>
  );
}
