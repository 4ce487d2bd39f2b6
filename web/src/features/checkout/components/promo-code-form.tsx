import { useState, type FormEvent, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoDto } from '@linea/shared/contracts/promo-codes';
import type { Rappen } from '@linea/shared/domain/money';
import { promoDiscount } from '@linea/shared/domain/pricing';
import { isPromoCodeWellFormed, normalizePromoCode } from '@linea/shared/domain/promo';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { getPromoCode } from '../api/get-promo-code';
import { formatFrancs } from '../lib/format-francs';

/** Answers that mean "no such active code", as opposed to "could not ask". */
const INVALID_CODES: ReadonlySet<string> = new Set(['PROMO_INVALID', 'NOT_FOUND', 'VALIDATION']);

export interface PromoCodeFormProps {
  /** The goods' subtotal, for saying how much an amount code saves. */
  subtotal: Rappen;
  onApplied: (promo: PromoDto) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The promo code field (spec §4, §8): looked up upper-cased; a valid code replaces any applied
 * one, and a failed lookup changes nothing. Its own form, so Enter here applies the code rather
 * than submitting the order.
 */
export function PromoCodeForm({ subtotal, onApplied, inputRef }: PromoCodeFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const lookup = useMutation({ mutationFn: (normalized: string) => getPromoCode(normalized) });

  const savedText = (promo: PromoDto): string => {
    switch (promo.type) {
      case 'percentage':
        return t('checkout.promoSavedPercent', { percent: promo.percent });
      case 'amount':
        return t('checkout.promoSavedAmount', { amount: formatFrancs(promoDiscount(subtotal, promo), locale) });
      case 'free_shipping':
        return t('checkout.promoFreeShipping');
    }
  };

  const invalid = () => toast.error(t('checkout.promoInvalidTitle'), t('checkout.promoInvalidDescription'));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending) return;
    const normalized = normalizePromoCode(code);
    if (!normalized) {
      setMissing(true);
      return;
    }
    setMissing(false);
    // A code with characters no code can have is not worth a request.
    if (!isPromoCodeWellFormed(normalized)) {
      invalid();
      return;
    }
    lookup.mutate(normalized, {
      onSuccess: (promo) => {
        onApplied(promo);
        setCode('');
        toast.success(t('checkout.promoAppliedTitle'), savedText(promo));
      },
      onError: (error) => {
        if (isApiError(error) && INVALID_CODES.has(error.code)) invalid();
        else toast.error(t('checkout.promoErrorTitle'), t('checkout.promoErrorDescription'));
      },
    });
  }

  const busy = lookup.isPending;
  return (
    <form className="promo-form" onSubmit={handleSubmit} noValidate aria-busy={busy || undefined}>
      <TextField
        ref={inputRef}
        className="promo-field"
        label={t('checkout.promoCode')}
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (missing) setMissing(false);
        }}
        error={missing ? t('checkout.promoRequired') : undefined}
      />
      <Button type="submit" variant="secondary" className="promo-apply" aria-disabled={busy || undefined}>
        {busy ? t('checkout.promoApplying') : t('checkout.promoApply')}
      </Button>
    </form>
  );
}
