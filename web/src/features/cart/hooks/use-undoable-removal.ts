import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lineKey, sameLine, totalItems, type CartLine } from '@linea/shared/domain/cart';
import { useLocale } from '../../../i18n/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { toast } from '../../../stores/toast-store';
import { lineName } from '../lib/line-name';

/** Beyond this many lines a cleared cart is summed up by its item count instead of named line by line. */
const MAX_NAMED_LINES = 3;

export interface UndoableRemoval {
  remove: (line: CartLine) => void;
  clear: () => void;
}

/**
 * Removing a line and clearing the cart, each with a toast that says what went (read out by the
 * toast region) and offers Undo, which puts exactly those lines back at their places.
 */
export function useUndoableRemoval(): UndoableRemoval {
  const { t } = useTranslation();
  const locale = useLocale();

  return useMemo(() => {
    const describe = (lines: readonly CartLine[]) =>
      lines.length > MAX_NAMED_LINES
        ? t('cart.itemCount', { count: totalItems(lines) })
        : new Intl.ListFormat(locale, { type: 'conjunction' }).format(
            lines.map((line) => t('cart.lineQuantity', { quantity: line.quantity, item: lineName(t, line) })),
          );

    function offerUndo(title: string, removed: readonly CartLine[], order: readonly CartLine[], key: string) {
      const description = describe(removed);
      toast.info(title, {
        description,
        key,
        action: {
          label: t('cart.undo'),
          altText: t('cart.undoAlt'),
          onAction: () => {
            useCartStore.getState().restore(removed, order);
            toast.info(t('cart.restored'), { description, key });
          },
        },
      });
    }

    return {
      remove: (line) => {
        const order = useCartStore.getState().lines;
        // As stored, not as last rendered: the undo must bring back the quantity that went.
        const removed = order.find((candidate) => sameLine(candidate, line));
        if (!removed) return;
        useCartStore.getState().remove(line);
        offerUndo(t('cart.removed'), [removed], order, `cart:${lineKey(line)}`);
      },
      clear: () => {
        const lines = useCartStore.getState().lines;
        if (lines.length === 0) return;
        useCartStore.getState().clear();
        offerUndo(t('cart.cleared'), lines, lines, 'cart:clear');
      },
    };
  }, [t, locale]);
}
