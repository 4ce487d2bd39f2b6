import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CheckoutRequest } from '@linea/shared/contracts/checkout';
import type { PromoDto } from '@linea/shared/contracts/promo-codes';
import type { CartLine } from '@linea/shared/domain/cart';
import { priceOrder } from '@linea/shared/domain/pricing';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { useCartLabels } from '../../cart/hooks/use-cart-labels';
import { toast } from '../../../stores/toast-store';
import { abandonCheckout } from '../api/abandon-checkout';
import { createCheckout, MissingCheckoutUrlError } from '../api/create-checkout';
import { NEW_ADDRESS, SavedAddressPicker } from './saved-address-picker';
import type { AddressDto, AddressFields } from '@linea/shared/contracts/account';
import { readCheckoutDraft, saveCheckoutDraft, takePaymentSession } from '../lib/checkout-draft';
import {
  checkCustomer,
  EMPTY_CUSTOMER,
  firstProblemField,
  problemsFromServer,
  type CustomerField,
  type CustomerValues,
  type FieldProblems,
} from '../lib/customer-form';
import { redirectToPayment } from '../lib/redirect-to-payment';
import { unavailableItems } from '../lib/unavailable-lines';
import { CustomerFields } from './customer-fields';
import { OrderSummary } from './order-summary';
import { PromoCodeForm } from './promo-code-form';
import { SubmitProblemAlert, type SubmitProblem } from './submit-problem';
import '../checkout.css';

/** What the signed-in shopper's account already knows (GET /me). */
export interface CheckoutPrefill {
  email: string;
  firstName: string;
  lastName: string;
}

export interface CheckoutViewProps {
  prefill?: CheckoutPrefill;
  /** A signed-in customer's saved addresses, the default first; absent for a guest. */
  savedAddresses?: readonly AddressDto[];
  /**
   * Keeps a new address typed here in the customer's account (POST /addresses), when they ask
   * to; called once the payment session exists, and its failure never stops the payment.
   */
  onSaveAddress?: (address: AddressFields) => Promise<unknown>;
  /** Back from the payment page's Cancel (`/checkout?cancelled=1`). */
  cancelled?: boolean;
}

type FormAlert = 'requiredFields' | 'checkFields';

const SAVE_ADDRESS_WAIT_MS = 4000;
const SHIP_TO_FIELDS = ['firstName', 'lastName', 'address', 'zipCode', 'city', 'country'] as const;

/** Waits for `work` to settle, but no longer than `ms`; never rejects. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work
      .then(
        () => resolve(),
        () => resolve(),
      )
      .finally(() => clearTimeout(timer));
  });
}

function EmptyCheckout() {
  const { t } = useTranslation();
  return (
    <div className="empty-state checkout-empty">
      <ShoppingBag aria-hidden="true" size={40} strokeWidth={1.25} />
      <h2>{t('checkout.emptyTitle')}</h2>
      <p className="muted">{t('checkout.emptyHint')}</p>
      <Link to={paths.products.getHref()} className="button button-primary">
        {t('checkout.browse')}
      </Link>
    </div>
  );
}

function CancelledNote() {
  const { t } = useTranslation();
  return (
    <div className="checkout-note" role="status">
      <p className="checkout-note-title">{t('checkout.cancelledTitle')}</p>
      <p>{t('checkout.cancelledText')}</p>
    </div>
  );
}

/**
 * Back from the payment page's Cancel: the session the shopper left is abandoned, so its units
 * are released before they try again. Best effort: otherwise the session expires by itself.
 */
function useAbandonCancelledSession(cancelled: boolean): RefObject<Promise<void>> {
  const abandoning = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!cancelled) return;
    const sessionId = takePaymentSession();
    if (sessionId) abandoning.current = abandonCheckout(sessionId).catch(() => undefined);
  }, [cancelled]);
  return abandoning;
}

interface CheckoutFormProps {
  lines: readonly CartLine[];
  prefill?: CheckoutPrefill;
  savedAddresses?: readonly AddressDto[];
  onSaveAddress?: (address: AddressFields) => Promise<unknown>;
  /** Settles once an abandoned payment session has released its units. */
  abandoning: RefObject<Promise<void>>;
}

function CheckoutForm({ lines, prefill, savedAddresses, onSaveAddress, abandoning }: CheckoutFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formId = useId();
  const [draft] = useState(readCheckoutDraft);
  const [values, setValues] = useState<CustomerValues>(() => draft?.values ?? EMPTY_CUSTOMER);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formAlert, setFormAlert] = useState<FormAlert | undefined>();
  const [promo, setPromo] = useState<PromoDto | undefined>(draft?.promo);
  const [submitProblem, setSubmitProblem] = useState<SubmitProblem | undefined>();
  const [redirecting, setRedirecting] = useState(false);
  // Synchronous, unlike state: a double click must not start two checkouts.
  const submitting = useRef(false);
  const fieldElements = useRef<Partial<Record<CustomerField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const promoInput = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: async (request: CheckoutRequest) => {
      // The units the abandoned session held must be free before they are reserved again.
      await abandoning.current;
      return createCheckout(request);
    },
  });

  // The account's details fill what the shopper has not typed yet; nothing typed is overwritten.
  const { email = '', firstName = '', lastName = '' } = prefill ?? {};
  useEffect(() => {
    if (!email && !firstName && !lastName) return;
    setValues((current) => ({
      ...current,
      email: current.email || email,
      firstName: current.firstName || firstName,
      lastName: current.lastName || lastName,
    }));
  }, [email, firstName, lastName]);

  // The default saved address fills the shipping fields, unless the shopper has an address there
  // already (back from a cancelled payment, or typed while the list was on its way): a saved one
  // is then shown as chosen, anything else as a new address.
  const [chosenAddress, setChosenAddress] = useState<string | undefined>();
  const [saveAddress, setSaveAddress] = useState(false);
  const typedAddress = Boolean(values.address || values.zipCode || values.city);
  const matchingAddress = savedAddresses?.find((saved) =>
    SHIP_TO_FIELDS.every((key) => saved[key] === values[key]),
  )?.id;
  // A new address starts empty but for the account's names.
  const fillFrom = (address: AddressDto | undefined) =>
    setValues((current) => ({
      ...current,
      firstName: address?.firstName ?? firstName,
      lastName: address?.lastName ?? lastName,
      address: address?.address ?? '',
      city: address?.city ?? '',
      zipCode: address?.zipCode ?? '',
      country: address?.country ?? current.country,
    }));
  useEffect(() => {
    if (chosenAddress !== undefined || !savedAddresses) return;
    const preferred = savedAddresses.find((address) => address.isDefault) ?? savedAddresses[0];
    if (!preferred || typedAddress) {
      setChosenAddress(matchingAddress ?? NEW_ADDRESS);
      return;
    }
    setChosenAddress(preferred.id);
    fillFrom(preferred);
    // fillFrom is recreated each render; the choice is made once, when the list arrives.
  }, [savedAddresses, chosenAddress, typedAddress, matchingAddress]);
  const chooseAddress = (choice: string) => {
    setChosenAddress(choice);
    fillFrom(savedAddresses?.find((address) => address.id === choice));
    setProblems({});
  };

  // Back from the payment page through the browser's cache: the page is as it was left, busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submitting.current = false;
      setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const totals = useMemo(
    () =>
      priceOrder(
        lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity })),
        promo,
      ),
    [lines, promo],
  );

  const showProblems = (found: FieldProblems, alert: FormAlert) => {
    setProblems(found);
    setFormAlert(alert);
    const first = firstProblemField(found);
    if (first) fieldElements.current[first]?.focus();
  };

  const handleFailure = (error: unknown, submitted: CustomerValues, sentPromo: PromoDto | undefined) => {
    if (error instanceof MissingCheckoutUrlError) {
      toast.error(t('checkout.paymentErrorTitle'), t('checkout.paymentErrorDescription'));
      setSubmitProblem({ kind: 'payment', missingUrl: true });
      return;
    }
    if (!isApiError(error)) {
      setSubmitProblem({ kind: 'error', code: 'INTERNAL' });
      return;
    }
    switch (error.code) {
      case 'VALIDATION': {
        const found = problemsFromServer(error.fieldIssues, submitted);
        if (firstProblemField(found)) showProblems(found, 'checkFields');
        else setSubmitProblem({ kind: 'error', code: 'VALIDATION' });
        return;
      }
      case 'OUT_OF_STOCK':
        setSubmitProblem({ kind: 'outOfStock', items: unavailableItems(error.details, lines) });
        return;
      case 'PROMO_INVALID':
        // The code expired since it was applied: take it off so the total shown is what is charged.
        setPromo(undefined);
        setSubmitProblem({ kind: 'promo', code: sentPromo?.code });
        return;
      case 'PAYMENT_SESSION_FAILED':
        toast.error(t('checkout.paymentErrorTitle'), t('checkout.paymentErrorDescription'));
        setSubmitProblem({ kind: 'payment', missingUrl: false });
        return;
      default:
        setSubmitProblem({ kind: 'error', code: error.status === 0 ? 'NETWORK' : error.code });
    }
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const check = checkCustomer(values);
    setSubmitProblem(undefined);
    if (!check.ok) {
      const missing = Object.values(check.problems).includes('required');
      showProblems(check.problems, missing ? 'requiredFields' : 'checkFields');
      return;
    }
    setProblems({});
    setFormAlert(undefined);
    submitting.current = true;
    const submitted = values;
    const sentPromo = promo;
    const request: CheckoutRequest = {
      lines: lines.map((line) => ({ productId: line.id, size: line.size, color: line.color, quantity: line.quantity })),
      customer: check.customer,
      ...(sentPromo ? { promoCode: sentPromo.code } : {}),
      locale,
    };
    const { email: _email, ...shipTo } = check.customer;
    const keepAddress = onSaveAddress && savedAddresses && chosenAddress === NEW_ADDRESS && saveAddress;
    mutation.mutate(request, {
      onSuccess: async ({ url, sessionId }) => {
        // Kept in the account before the browser leaves for the payment page. Best effort, and
        // briefly: a failed or slow save must not stop the payment.
        if (keepAddress) await settledWithin(onSaveAddress(shipTo), SAVE_ADDRESS_WAIT_MS);
        // The cart stays as it is: it is emptied only once the order is paid (order confirmation).
        saveCheckoutDraft({
          values: submitted,
          ...(sentPromo ? { promo: sentPromo } : {}),
          ...(sessionId ? { sessionId } : {}),
        });
        setRedirecting(true);
        redirectToPayment(url);
      },
      onError: (error) => {
        submitting.current = false;
        handleFailure(error, submitted, sentPromo);
      },
    });
  }

  const changeField = (field: CustomerField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A saved address edited here is no longer that address: the choice says so (and may keep it).
    if (field !== 'email' && chosenAddress !== undefined && chosenAddress !== NEW_ADDRESS)
      setChosenAddress(NEW_ADDRESS);
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const fieldRef = (field: CustomerField) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    fieldElements.current[field] = element;
  };

  const busy = mutation.isPending || redirecting;
  return (
    <div className="checkout-layout">
      <form id={formId} className="checkout-form" onSubmit={handleSubmit} noValidate aria-busy={busy || undefined}>
        {formAlert ? (
          <div className="form-alert" role="alert">
            <p>{t(`checkout.${formAlert}`)}</p>
          </div>
        ) : null}
        <CustomerFields
          values={values}
          problems={problems}
          onChange={changeField}
          fieldRef={fieldRef}
          addressChoice={
            savedAddresses?.length && chosenAddress !== undefined ? (
              <SavedAddressPicker addresses={savedAddresses} chosen={chosenAddress} onChoose={chooseAddress} />
            ) : null
          }
          addressExtra={
            onSaveAddress && savedAddresses && chosenAddress === NEW_ADDRESS ? (
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={saveAddress}
                  onChange={(event) => setSaveAddress(event.target.checked)}
                />
                {t('checkout.saveAddress')}
              </label>
            ) : null
          }
        />
      </form>
      <div className="checkout-side">
        <OrderSummary
          lines={lines}
          totals={totals}
          promo={promo}
          onRemovePromo={() => {
            setPromo(undefined);
            promoInput.current?.focus();
          }}
          promoForm={<PromoCodeForm subtotal={totals.subtotal} onApplied={setPromo} inputRef={promoInput} />}
        />
        {submitProblem ? <SubmitProblemAlert problem={submitProblem} /> : null}
        {/* Outside the form element, after the summary and the promo code, in reading order;
            `form` ties it to the fields. aria-disabled keeps it focusable while busy. */}
        <Button type="submit" form={formId} className="checkout-submit" aria-disabled={busy || undefined}>
          {busy ? t('checkout.processing') : t('checkout.submit')}
        </Button>
        <p className="checkout-payment-note">{t('checkout.paymentNote')}</p>
      </div>
    </div>
  );
}

/**
 * /checkout body (spec §2, §4, §5): contact and shipping address, a promo code, the order
 * summary, and the way to the payment provider. The cart is not touched here; an empty cart
 * gets an empty state instead of the form. Back from a cancelled payment, what was typed is
 * restored and the abandoned payment session is released.
 */
export function CheckoutView({ prefill, savedAddresses, onSaveAddress, cancelled = false }: CheckoutViewProps) {
  const lines = useCartStore((state) => state.lines);
  useCartLabels(lines);
  const abandoning = useAbandonCancelledSession(cancelled);
  return (
    <>
      {cancelled ? <CancelledNote /> : null}
      {lines.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <CheckoutForm
          lines={lines}
          prefill={prefill}
          savedAddresses={savedAddresses}
          onSaveAddress={onSaveAddress}
          abandoning={abandoning}
        />
      )}
    </>
  );
}
