import { thumbnailImage } from '@linea/shared/domain/product-image';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProductDto, ProductInput } from '@linea/shared/contracts/products';
import { formatChf } from '@linea/shared/domain/money';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import {
  adminProductsQuery,
  adminQueryKey,
  createProduct,
  deleteProduct,
  moveProduct,
  updateProduct,
} from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { ProductForm } from './product-form';

/** The server's message for a refused field, else the spec's 'Please try again.'. */
function useFailureText() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (error: unknown) =>
    isApiError(error) && error.fieldIssues.length
      ? error.fieldIssues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')
      : t('products.tryAgain');
}

const fieldErrorsOf = (error: unknown): Record<string, string> =>
  isApiError(error) ? Object.fromEntries(error.fieldIssues.map((issue) => [issue.field, issue.message])) : {};

function ProductDialog({
  product,
  open,
  onOpenChange,
}: {
  product?: AdminProductDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const save = useMutation({
    mutationFn: (input: ProductInput) => (product ? updateProduct(product.id, input) : createProduct(input)),
    onSuccess: async () => {
      toast.success(product ? t('products.updated') : t('products.added'), { key: 'product-save' });
      onOpenChange(false);
      save.reset();
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: (error) =>
      toast.error(product ? t('products.updateFailed') : t('products.addFailed'), {
        description: failureText(error),
        key: 'product-save',
      }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={product ? t('products.form.editTitle', { name: product.name }) : t('products.form.addTitle')}
        closeLabel={t('orders.close')}
        className="admin-dialog"
      >
        <ProductForm
          key={product?.id ?? 'new'}
          product={product}
          busy={save.isPending}
          fieldErrors={fieldErrorsOf(save.error)}
          onSubmit={(input) => save.mutate(input)}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProductEntry({ product, first, last }: { product: AdminProductDto; first: boolean; last: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueryKey });
  const key = `product:${product.id}`;

  const move = useMutation({
    mutationFn: (direction: 'up' | 'down') => moveProduct(product.id, direction),
    onSuccess: async () => {
      toast.success(t('products.reordered'), { key });
      await refresh();
    },
    onError: () => toast.error(t('products.reorderFailed'), { key }),
  });
  const toggle = useMutation({
    mutationFn: () => updateProduct(product.id, { active: !product.active }),
    onSuccess: async (saved) => {
      toast.success(saved.active ? t('products.activated') : t('products.deactivated'), { key });
      await refresh();
    },
    onError: () => toast.error(t('products.statusFailed'), { key }),
  });
  const remove = useMutation({
    mutationFn: () => deleteProduct(product.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('products.deleted'), { key });
      await refresh();
    },
    onError: (error) => toast.error(t('products.deleteFailed'), { description: failureText(error), key }),
  });
  const headingId = `admin-product-${product.id}`;
  const busy = move.isPending || toggle.isPending || remove.isPending;

  return (
    <li>
      <article className="admin-order admin-product" aria-labelledby={headingId}>
        <img
          src={thumbnailImage(product.images[0] ?? '')}
          alt=""
          width={64}
          height={80}
          loading="lazy"
          className="admin-product-image"
        />
        <div className="admin-order-main">
          <h3 id={headingId}>{product.name}</h3>
          <p className="admin-muted admin-product-description">{product.description}</p>
          <p>
            {formatChf(product.price, locale)} · {t('products.stockCount', { count: product.stockQuantity })} ·{' '}
            {product.category}
          </p>
          <p className="admin-badges">
            {product.featured ? (
              <span className="admin-badge admin-badge-secondary">{t('products.featured')}</span>
            ) : null}
            <span className="admin-badge admin-badge-outline">
              {product.inStock ? t('products.inStock') : t('products.outOfStock')}
            </span>
            <span className={`admin-badge admin-badge-${product.active ? 'default' : 'outline'}`}>
              {product.active ? t('products.active') : t('products.inactive')}
            </span>
          </p>
        </div>
        <div className="admin-order-actions admin-product-actions">
          <Button
            variant="secondary"
            onClick={() => move.mutate('up')}
            disabled={first || busy}
            aria-label={t('products.moveUpFor', { name: product.name })}
          >
            {t('products.moveUp')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => move.mutate('down')}
            disabled={last || busy}
            aria-label={t('products.moveDownFor', { name: product.name })}
          >
            {t('products.moveDown')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => toggle.mutate()}
            disabled={busy}
            aria-label={t(product.active ? 'products.deactivateFor' : 'products.activateFor', { name: product.name })}
          >
            {product.active ? t('products.deactivate') : t('products.activate')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setEditing(true)}
            aria-label={t('products.editFor', { name: product.name })}
          >
            {t('products.edit')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={t('products.deleteFor', { name: product.name })}
          >
            {t('products.delete')}
          </Button>
        </div>
      </article>
      <ProductDialog product={product} open={editing} onOpenChange={setEditing} />
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={t('products.confirmTitle', { name: product.name })}
          description={t('products.confirmText')}
          closeLabel={t('orders.close')}
        >
          <div className="admin-dialog-actions">
            <DialogClose asChild>
              <Button variant="secondary">{t('products.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('products.delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** Products (spec §2): the catalogue in display order, to add, edit, reorder, switch and delete. */
export function ProductsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const list = useQuery(adminProductsQuery());
  const [adding, setAdding] = useState(false);
  const items = list.data?.items ?? [];

  return (
    <section className="admin-panel" aria-labelledby="admin-products-heading">
      <div className="admin-panel-header">
        <h2 id="admin-products-heading">{t('products.heading')}</h2>
        <Button onClick={() => setAdding(true)}>{t('products.add')}</Button>
      </div>
      <ProductDialog open={adding} onOpenChange={setAdding} />
      {list.isPending ? (
        <StatusMessage>{t('products.loading')}</StatusMessage>
      ) : list.isError ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-empty">
          <p>{t('products.empty')}</p>
          <p className="admin-muted">{t('products.emptyHint')}</p>
        </div>
      ) : (
        <ul className="admin-orders">
          {items.map((product, index) => (
            <ProductEntry key={product.id} product={product} first={index === 0} last={index === items.length - 1} />
          ))}
        </ul>
      )}
    </section>
  );
}
