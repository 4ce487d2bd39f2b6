import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminManualOrderRequest } from '@linea/shared/contracts/admin';
import type { ProductDto } from '@linea/shared/contracts/products';
import { formatChf, type Locale } from '@linea/shared/domain/money';
import { MAX_ORDER_LINE_QUANTITY } from '@linea/shared/domain/order';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useErrorText } from '../../../components/ui/error-message';
import { Select } from '../../../components/ui/select';
import { StatusMessage } from '../../../components/ui/status-message';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { productsQuery } from '../../catalog/api/get-products';
import { adminQueryKey, createManualOrder } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';

/** "89", "89.5" or "89.50" francs as Rappen; undefined for anything else. */
export function parseFrancs(text: string): number | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const rappen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return rappen > 0 ? rappen : undefined;
}

type FieldName =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'city'
  | 'zipCode'
  | 'product'
  | 'size'
  | 'color'
  | 'quantity'
  | 'unitPrice';

/** The server's field paths (`customer.email`, `line.size`) as this form's fields. */
function fieldOf(path: string): FieldName | undefined {
  const name = path.replace(/^(customer|line)\./, '');
  if (name === 'productId') return 'product';
  const known: readonly string[] = [
    'email',
    'firstName',
    'lastName',
    'address',
    'city',
    'zipCode',
    'size',
    'color',
    'quantity',
    'unitPrice',
  ];
  return known.includes(name) ? (name as FieldName) : undefined;
}

function OrderLineFields({
  products,
  errors,
  locale,
  onProductChange,
  product,
}: {
  products: readonly ProductDto[];
  errors: Partial<Record<FieldName, string>>;
  locale: Locale;
  product: ProductDto | undefined;
  onProductChange: (id: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [size, setSize] = useState<string>();
  const [color, setColor] = useState<string>();
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const count = Math.max(1, Math.floor(Number(quantity)) || 1);
  const unit = parseFrancs(price) ?? product?.price ?? 0;
  return (
    <fieldset className="admin-fieldset">
      <legend>{t('manualOrder.order')}</legend>
      <Select
        label={t('manualOrder.product')}
        name="productId"
        placeholder={t('manualOrder.choose')}
        options={products.map((p) => ({ value: p.id, label: `${p.name} · ${formatChf(p.price, locale)}` }))}
        value={product?.id}
        onValueChange={(id) => {
          onProductChange(id);
          const next = products.find((p) => p.id === id);
          // Choices that only one size or colour has are made already.
          setSize(next?.sizes.length === 1 ? next.sizes[0] : undefined);
          setColor(next?.colors.length === 1 ? next.colors[0] : undefined);
        }}
        error={errors.product}
      />
      {product && product.sizes.length > 0 ? (
        <Select
          key={`${product.id}-size`}
          label={t('manualOrder.size')}
          name="size"
          required
          options={product.sizes.map((value) => ({ value, label: product.sizeLabels[value] ?? value }))}
          value={size}
          onValueChange={setSize}
          error={errors.size}
        />
      ) : null}
      {product && product.colors.length > 0 ? (
        <Select
          key={`${product.id}-color`}
          label={t('manualOrder.color')}
          name="color"
          required
          options={product.colors.map((value) => ({ value, label: product.colorNames[value] ?? value }))}
          value={color}
          onValueChange={setColor}
          error={errors.color}
        />
      ) : null}
      <TextField
        label={t('manualOrder.quantity')}
        labelNote={product ? t('manualOrder.inStock', { count: product.stockQuantity }) : undefined}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ORDER_LINE_QUANTITY}
        step={1}
        required
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={errors.quantity}
      />
      <TextField
        label={t('manualOrder.customPrice')}
        labelNote={product ? t('manualOrder.customPriceHint', { price: formatChf(product.price, locale) }) : undefined}
        name="unitPrice"
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={errors.unitPrice}
      />
      {product ? (
        <dl className="admin-sums" aria-live="polite">
          <div>
            <dt>{t('manualOrder.shipping')}</dt>
            <dd>{formatChf(SHOP_POLICY.manualOrderShippingFee, locale)}</dd>
          </div>
          <div className="admin-sums-total">
            <dt>{t('manualOrder.total')}</dt>
            <dd>{formatChf(unit * count + SHOP_POLICY.manualOrderShippingFee, locale)}</dd>
          </div>
        </dl>
      ) : null}
    </fieldset>
  );
}

/**
 * Create Manual Order (spec §2, §5): the customer, one product in a size and colour it comes in,
 * a quantity and, optionally, a price of the admin's own. The server prices, reserves the stock,
 * confirms the order and emails the customer.
 */
export function ManualOrderDialog() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tShop } = useTranslation();
  const errorText = useErrorText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [productId, setProductId] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formKey, setFormKey] = useState(0);
  const products = useQuery({ ...productsQuery({}, locale), enabled: open });
  const product = products.data?.find((p) => p.id === productId);

  const create = useMutation({
    mutationFn: (request: AdminManualOrderRequest) => createManualOrder(request),
    onSuccess: async (order) => {
      toast.success(t('manualOrder.created'), {
        description: t('manualOrder.createdDescription', { name: `${order.firstName} ${order.lastName}` }),
        key: 'manual-order',
      });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
      setOpen(false);
      setProductId(undefined);
      setFormKey((key) => key + 1);
    },
    onError: (error) => {
      const fields: Partial<Record<FieldName, string>> = {};
      if (isApiError(error)) {
        for (const issue of error.fieldIssues) {
          const field = fieldOf(issue.field);
          if (field) fields[field] = issue.message;
        }
      }
      setErrors(fields);
      toast.error(t('manualOrder.failed'), { description: errorText(error), key: 'manual-order' });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const found: Partial<Record<FieldName, string>> = {};
    if (!product) found.product = t('manualOrder.selectProduct');
    if (product?.sizes.length && !text('size')) found.size = t('manualOrder.required');
    if (product?.colors.length && !text('color')) found.color = t('manualOrder.required');
    const priceText = text('unitPrice');
    const unitPrice = priceText ? parseFrancs(priceText) : undefined;
    if (priceText && unitPrice === undefined) found.unitPrice = t('manualOrder.invalidPrice');
    setErrors(found);
    if (!product || Object.keys(found).length > 0) return;
    create.mutate({
      customer: {
        email: text('email'),
        firstName: text('firstName'),
        lastName: text('lastName'),
        address: text('address'),
        city: text('city'),
        zipCode: text('zipCode'),
        country: 'CH',
      },
      line: {
        productId: product.id,
        size: text('size'),
        color: text('color'),
        // Spec §5: a quantity that is not a number counts as 1.
        quantity: Math.max(1, Math.floor(Number(text('quantity'))) || 1),
      },
      ...(unitPrice === undefined ? {} : { unitPrice }),
      locale: text('locale') === 'en' ? 'en' : 'de',
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button>{t('manualOrder.open')}</Button>
      </DialogTrigger>
      <DialogContent
        title={t('manualOrder.title')}
        description={t('manualOrder.description')}
        closeLabel={t('orders.close')}
        className="admin-dialog"
      >
        {products.isPending ? (
          <StatusMessage>{t('manualOrder.loadingProducts')}</StatusMessage>
        ) : (
          <form
            key={formKey}
            className="admin-form"
            onSubmit={handleSubmit}
            aria-busy={create.isPending}
            noValidate={false}
          >
            <fieldset className="admin-fieldset">
              <legend>{t('manualOrder.customer')}</legend>
              <TextField
                label={t('manualOrder.email')}
                name="email"
                type="email"
                autoComplete="off"
                required
                maxLength={254}
                error={errors.email}
              />
              <div className="admin-field-pair">
                <TextField
                  label={t('manualOrder.firstName')}
                  name="firstName"
                  autoComplete="off"
                  required
                  maxLength={100}
                  error={errors.firstName}
                />
                <TextField
                  label={t('manualOrder.lastName')}
                  name="lastName"
                  autoComplete="off"
                  required
                  maxLength={100}
                  error={errors.lastName}
                />
              </div>
              <TextField
                label={t('manualOrder.address')}
                name="address"
                autoComplete="off"
                required
                maxLength={200}
                error={errors.address}
              />
              <div className="admin-field-pair">
                <TextField
                  label={t('manualOrder.zipCode')}
                  name="zipCode"
                  inputMode="numeric"
                  pattern="[1-9][0-9]{3}"
                  autoComplete="off"
                  required
                  error={errors.zipCode}
                />
                <TextField
                  label={t('manualOrder.city')}
                  name="city"
                  autoComplete="off"
                  required
                  maxLength={100}
                  error={errors.city}
                />
              </div>
              <Select
                label={t('manualOrder.country')}
                name="country"
                options={[{ value: 'CH', label: t('manualOrder.switzerland') }]}
                defaultValue="CH"
              />
              <Select
                label={t('manualOrder.language')}
                name="locale"
                options={[
                  { value: 'de', label: t('details.languages.de') },
                  { value: 'en', label: t('details.languages.en') },
                ]}
                defaultValue="de"
              />
            </fieldset>
            {products.isError ? (
              <p className="form-alert" role="alert">
                {tShop(`errors.${isApiError(products.error) ? products.error.code : 'INTERNAL'}`)}
              </p>
            ) : (
              <OrderLineFields
                products={products.data}
                errors={errors}
                locale={locale}
                product={product}
                onProductChange={setProductId}
              />
            )}
            <TextAreaField label={t('manualOrder.notes')} labelNote={t('manualOrder.notesHint')} rows={2} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('manualOrder.submitting') : t('manualOrder.submit')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
