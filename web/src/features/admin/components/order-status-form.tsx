import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@linea/shared/contracts/orders';
import { CARRIERS, trackingUrlFor } from '@linea/shared/domain/carriers';
import { ORDER_STATUSES, type OrderStatus } from '@linea/shared/domain/order-status';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../stores/toast-store';
import { adminQueryKey, updateOrderStatus } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';

const NO_CARRIER = 'none';

/**
 * Update Order Status (spec §2, §3, §4): any status, a carrier, the tracking number and a tracking
 * URL that fills itself in for the carriers whose page takes the number, and stays editable. The
 * server emails the customer about the change.
 */
export function OrderStatusForm({ order, onSaved }: { order: OrderDto; onSaved: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [carrier, setCarrier] = useState(order.carrier ?? NO_CARRIER);
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [trackingUrl, setTrackingUrl] = useState(order.trackingUrl ?? '');
  const [message, setMessage] = useState('');

  const save = useMutation({
    mutationFn: () =>
      updateOrderStatus(order.id, {
        status,
        carrier: carrier === NO_CARRIER ? undefined : (carrier as (typeof CARRIERS)[number]),
        trackingNumber,
        trackingUrl,
        message,
      }),
    onSuccess: async () => {
      toast.success(t('statusForm.updated'), {
        description: t('statusForm.updatedDescription'),
        key: `order:${order.id}`,
      });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
      onSaved();
    },
    onError: () => toast.error(t('statusForm.failed'), { key: `order:${order.id}` }),
  });
  const urlRefused = isApiError(save.error) && save.error.fieldIssues.some((issue) => issue.field === 'trackingUrl');

  // The URL follows carrier and number while both are known; what the admin types stays until then.
  const fillTrackingUrl = (nextCarrier: string, nextNumber: string) => {
    const filled = trackingUrlFor(nextCarrier === NO_CARRIER ? undefined : nextCarrier, nextNumber);
    if (filled) setTrackingUrl(filled);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form className="admin-form" onSubmit={handleSubmit} aria-busy={save.isPending}>
      <Select
        label={t('statusForm.status')}
        options={ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) }))}
        value={status}
        onValueChange={(value) => setStatus(value as OrderStatus)}
      />
      <Select
        label={t('statusForm.carrier')}
        options={[
          { value: NO_CARRIER, label: t('statusForm.noCarrier') },
          ...CARRIERS.map((value) => ({ value, label: value })),
        ]}
        value={carrier}
        onValueChange={(value) => {
          setCarrier(value);
          fillTrackingUrl(value, trackingNumber);
        }}
      />
      <TextField
        label={t('statusForm.trackingNumber')}
        value={trackingNumber}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => {
          setTrackingNumber(event.target.value);
          fillTrackingUrl(carrier, event.target.value);
        }}
      />
      <TextField
        label={t('statusForm.trackingUrl')}
        labelNote={t('statusForm.trackingUrlHint')}
        type="url"
        inputMode="url"
        value={trackingUrl}
        maxLength={500}
        autoComplete="off"
        onChange={(event) => setTrackingUrl(event.target.value)}
        error={urlRefused ? t('statusForm.invalidUrl') : undefined}
      />
      <TextAreaField
        label={t('statusForm.message')}
        labelNote={t('statusForm.messageHint')}
        value={message}
        maxLength={2000}
        rows={3}
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('statusForm.saving') : t('statusForm.save')}
      </Button>
    </form>
  );
}
