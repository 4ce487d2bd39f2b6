import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPromoDto, CreatePromoInput } from '@linea/shared/contracts/promo-codes';
import { DEFAULT_PROMO_VALUE } from '@linea/shared/contracts/promo-codes';
import { formatChf } from '@linea/shared/domain/money';
import { PROMO_CODE_MAX_LENGTH, PROMO_TYPES, type PromoType } from '@linea/shared/domain/promo';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { adminQueryKey, createPromoCode, deletePromoCode, promoCodesQuery, setPromoCodeActive } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { longDay } from '../lib/format';
import { TableScroll } from './table-scroll';

/** A day the admin picked (yyyy-mm-dd), as the instant it starts in the browser's (Zürich) time. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
/** The instant after the last valid day: the code applies through the whole of it. */
const endOf = (day: string) => {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};
/** Back from an instant to the day the admin picked. */
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('sv-SE');
const lastDayOf = (iso: string) => dayOf(new Date(Date.parse(iso) - 1).toISOString());

type FieldErrors = Partial<Record<'code' | 'percent' | 'amount' | 'usageLimit' | 'validUntil', string>>;

function CreatePromoForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queryClient = useQueryClient();
  const [type, setType] = useState<PromoType>('percentage');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formKey, setFormKey] = useState(0);

  const create = useMutation({
    mutationFn: (request: CreatePromoInput) => createPromoCode(request),
    onSuccess: async () => {
      toast.success(t('promos.created'), { key: 'promo-create' });
      setErrors({});
      setType('percentage');
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: (error) => {
      const found: FieldErrors = {};
      if (isApiError(error)) {
        if (error.code === 'CONFLICT') found.code = t('promos.exists');
        for (const issue of error.fieldIssues) {
          const field = issue.field as keyof FieldErrors;
          if (['code', 'percent', 'amount', 'usageLimit', 'validUntil'].includes(field)) found[field] = issue.message;
        }
      }
      setErrors(found);
      toast.error(t('promos.createFailed'), { key: 'promo-create' });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const value = Number(text('value') || DEFAULT_PROMO_VALUE);
    const limit = text('usageLimit');
    const from = text('validFrom');
    const until = text('validUntil');
    const common = {
      code: text('code'),
      ...(limit ? { usageLimit: Number(limit) } : {}),
      ...(from ? { validFrom: startOf(from) } : {}),
      ...(until ? { validUntil: endOf(until) } : {}),
    };
    const request: CreatePromoInput =
      type === 'percentage'
        ? { type, percent: value, ...common }
        : type === 'amount'
          ? { type, amount: Math.round(value * 100), ...common }
          : { type, ...common };
    create.mutate(request);
  }

  return (
    <form key={formKey} className="admin-form admin-promo-form" onSubmit={handleSubmit} aria-busy={create.isPending}>
      <h3 className="admin-subheading">{t('promos.createHeading')}</h3>
      <TextField
        label={t('promos.code')}
        labelNote={t('promos.codeHint')}
        name="code"
        maxLength={PROMO_CODE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        className="admin-code-field"
        error={errors.code}
      />
      <fieldset className="admin-period">
        <legend>{t('promos.type')}</legend>
        <div className="admin-period-options">
          {PROMO_TYPES.map((option) => (
            <label key={option} className="admin-period-option">
              <input
                type="radio"
                name="type"
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
              />
              <span>{t(`promos.types.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {type === 'free_shipping' ? null : (
        <TextField
          key={type}
          label={type === 'percentage' ? t('promos.percent') : t('promos.amount')}
          name="value"
          type="number"
          inputMode={type === 'percentage' ? 'numeric' : 'decimal'}
          min={1}
          max={type === 'percentage' ? 100 : undefined}
          step={type === 'percentage' ? 1 : 0.01}
          defaultValue={DEFAULT_PROMO_VALUE}
          required
          error={type === 'percentage' ? errors.percent : errors.amount}
        />
      )}
      <TextField
        label={t('promos.usageLimit')}
        labelNote={t('promos.usageLimitHint')}
        name="usageLimit"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.usageLimit}
      />
      <div className="admin-field-pair">
        <TextField label={t('promos.validFrom')} labelNote={t('promos.validHint')} name="validFrom" type="date" />
        <TextField label={t('promos.validUntil')} name="validUntil" type="date" error={errors.validUntil} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('promos.creating') : t('promos.create')}
      </Button>
    </form>
  );
}

function DeletePromo({ code }: { code: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deletePromoCode(code),
    onSuccess: async () => {
      setOpen(false);
      toast.success(t('promos.deleted'), { key: `promo:${code}` });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: () => toast.error(t('promos.deleteFailed'), { key: `promo:${code}` }),
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-label={t('promos.deleteFor', { code })}>
        {t('promos.delete')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={t('promos.confirmTitle', { code })}
          description={t('promos.confirmText')}
          closeLabel={t('orders.close')}
        >
          <div className="admin-dialog-actions">
            <DialogClose asChild>
              <Button variant="secondary">{t('promos.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('promos.delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function PromoRow({ promo }: { promo: AdminPromoDto }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => setPromoCodeActive(promo.code, isActive),
    onSuccess: async (saved) => {
      toast.success(saved.isActive ? t('promos.activated') : t('promos.deactivated'), { key: `promo:${promo.code}` });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: () => toast.error(t('promos.updateFailed'), { key: `promo:${promo.code}` }),
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(promo.code);
      toast.success(t('promos.copied'), { key: `promo:${promo.code}` });
    } catch {
      toast.error(t('promos.copyFailed'), { key: `promo:${promo.code}` });
    }
  }

  const discount =
    promo.type === 'percentage'
      ? `${promo.percent}%`
      : promo.type === 'amount'
        ? formatChf(promo.amount, locale)
        : t('promos.freeShipping');
  const from = promo.validFrom ? longDay(dayOf(promo.validFrom), locale) : undefined;
  const until = promo.validUntil ? longDay(lastDayOf(promo.validUntil), locale) : undefined;
  const validity =
    from && until
      ? t('promos.between', { from, until })
      : from
        ? t('promos.from', { date: from })
        : until
          ? t('promos.until', { date: until })
          : t('promos.always');

  return (
    <tr>
      <th scope="row" className="admin-code">
        {promo.code}
      </th>
      <td>{discount}</td>
      <td className="numeric">
        {promo.usageLimit === undefined
          ? promo.uses
          : t('promos.usesOf', { uses: promo.uses, limit: promo.usageLimit })}
      </td>
      <td>{validity}</td>
      <td>
        <Switch
          label={t('promos.activeFor', { code: promo.code })}
          checked={toggle.isPending ? (toggle.variables ?? promo.isActive) : promo.isActive}
          onCheckedChange={(checked) => toggle.mutate(checked)}
          disabled={toggle.isPending}
        />
      </td>
      <td>
        <div className="admin-row-actions">
          <Button variant="ghost" onClick={() => void copy()} aria-label={t('promos.copyFor', { code: promo.code })}>
            {t('promos.copy')}
          </Button>
          <DeletePromo code={promo.code} />
        </div>
      </td>
    </tr>
  );
}

/** Promo codes (spec §2, §5): create, list newest first, switch on and off, copy, delete. */
export function PromoCodesTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const codes = useQuery(promoCodesQuery());

  return (
    <section className="admin-panel" aria-labelledby="admin-promos-heading">
      <h2 id="admin-promos-heading">{t('promos.heading')}</h2>
      <div className="admin-promos">
        <CreatePromoForm />
        <div className="admin-promo-list">
          <h3 className="admin-subheading">{t('promos.list')}</h3>
          {codes.isPending ? (
            <StatusMessage>{t('promos.loading')}</StatusMessage>
          ) : codes.isError ? (
            <>
              <p className="form-alert" role="alert">
                {t('promos.fetchFailed')}
              </p>
              <ErrorMessage error={codes.error} onRetry={() => void codes.refetch()} />
            </>
          ) : codes.data.items.length === 0 ? (
            <p className="admin-empty">{t('promos.empty')}</p>
          ) : (
            <TableScroll label={t('promos.list')}>
              <table>
                <caption className="visually-hidden">{t('promos.list')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('promos.code')}</th>
                    <th scope="col">{t('promos.discount')}</th>
                    <th scope="col" className="numeric">
                      {t('promos.uses')}
                    </th>
                    <th scope="col">{t('promos.validity')}</th>
                    <th scope="col">{t('promos.active')}</th>
                    <th scope="col">{t('promos.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.data.items.map((promo) => (
                    <PromoRow key={promo.code} promo={promo} />
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      </div>
    </section>
  );
}
