import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AddressDto, AddressFields } from '@linea/shared/contracts/account';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { toast } from '../../../stores/toast-store';
import { addAddress, addressesQuery, deleteAddress, updateAddress } from '../api/account-api';
import { AddressForm } from './address-form';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; address: AddressDto };

const oneLine = (address: AddressDto) => `${address.address}, ${address.zipCode} ${address.city}`;

/** Saved addresses (spec §2, §8): the default first; add, edit, delete and set the default. */
export function AddressesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addresses = useQuery(addressesQuery());
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesQuery().queryKey });
  const failed = (title: string, key: string) =>
    toast.error(title, { description: t('dashboard.addresses.tryAgain'), key });

  const save = useMutation({
    mutationFn: ({ fields, makeDefault }: { fields: AddressFields; makeDefault: boolean }) =>
      editing.mode === 'edit'
        ? updateAddress(editing.address.id, { ...fields, ...(makeDefault ? { isDefault: true as const } : {}) })
        : addAddress({ ...fields, isDefault: makeDefault }),
    onSuccess: () => {
      toast.success(editing.mode === 'edit' ? t('dashboard.addresses.updated') : t('dashboard.addresses.added'), {
        key: 'address:save',
      });
      setEditing({ mode: 'closed' });
      void refresh();
    },
    onError: () =>
      failed(
        editing.mode === 'edit' ? t('dashboard.addresses.updateFailed') : t('dashboard.addresses.addFailed'),
        'address:save',
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAddress(id),
    onSuccess: (_, id) => {
      toast.success(t('dashboard.addresses.deleted'), { key: `address:delete:${id}` });
      void refresh();
    },
    onError: (_, id) => failed(t('dashboard.addresses.deleteFailed'), `address:delete:${id}`),
  });
  const makeDefault = useMutation({
    mutationFn: (id: string) => updateAddress(id, { isDefault: true }),
    onSuccess: () => {
      toast.success(t('dashboard.addresses.defaultChanged'), { key: 'address:default' });
      void refresh();
    },
    onError: () => failed(t('dashboard.addresses.defaultFailed'), 'address:default'),
  });

  if (addresses.isPending) return <StatusMessage>{t('dashboard.addresses.loading')}</StatusMessage>;
  if (addresses.isError) return <ErrorMessage error={addresses.error} onRetry={() => void addresses.refetch()} />;

  return (
    <section aria-labelledby="account-addresses-heading" className="account-panel">
      <h2 id="account-addresses-heading">{t('dashboard.addresses.heading')}</h2>
      {addresses.data.length === 0 && editing.mode !== 'new' ? (
        <div className="account-empty">
          <p className="account-empty-title">{t('dashboard.addresses.empty')}</p>
          <p>{t('dashboard.addresses.emptyHint')}</p>
        </div>
      ) : null}
      <ul className="account-addresses">
        {addresses.data.map((address) =>
          editing.mode === 'edit' && editing.address.id === address.id ? (
            <li key={address.id}>
              <AddressForm
                address={address}
                busy={save.isPending}
                onSubmit={(fields, asDefault) => save.mutate({ fields, makeDefault: asDefault })}
                onCancel={() => setEditing({ mode: 'closed' })}
              />
            </li>
          ) : (
            <li key={address.id} className="account-address">
              <address>
                {address.firstName} {address.lastName}
                <br />
                {address.address}
                <br />
                {address.zipCode} {address.city}
                <br />
                {t(`checkout.countries.${address.country}`)}
              </address>
              {address.isDefault ? (
                <span className="confirmation-badge">{t('dashboard.addresses.default')}</span>
              ) : null}
              <div className="account-address-actions">
                <Button
                  variant="ghost"
                  aria-label={t('dashboard.addresses.editLabel', { address: oneLine(address) })}
                  onClick={() => setEditing({ mode: 'edit', address })}
                >
                  {t('dashboard.addresses.edit')}
                </Button>
                {address.isDefault ? null : (
                  <Button
                    variant="ghost"
                    aria-label={t('dashboard.addresses.makeDefaultLabel', { address: oneLine(address) })}
                    disabled={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(address.id)}
                  >
                    {t('dashboard.addresses.makeDefault')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  aria-label={t('dashboard.addresses.deleteLabel', { address: oneLine(address) })}
                  disabled={remove.isPending && remove.variables === address.id}
                  onClick={() => remove.mutate(address.id)}
                >
                  {t('dashboard.addresses.delete')}
                </Button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing.mode === 'new' ? (
        <AddressForm
          busy={save.isPending}
          // The first address is the default anyway.
          offerDefault={addresses.data.length > 0}
          onSubmit={(fields, asDefault) => save.mutate({ fields, makeDefault: asDefault })}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      ) : (
        <Button variant="secondary" onClick={() => setEditing({ mode: 'new' })}>
          {t('dashboard.addresses.add')}
        </Button>
      )}
    </section>
  );
}
