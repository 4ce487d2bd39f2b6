import { Ruler } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { SizeTable } from '../../../components/ui/size-table';

/**
 * The size guide as a modal (Radix Dialog: focus moves in, is trapped, Escape closes, focus
 * returns to the button). Shows the table that fits the product: chest for tops, waist for bottoms.
 */
export function SizeGuideDialog({ table }: { table: 'tops' | 'bottoms' }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button type="button" className="text-button">
          <Ruler aria-hidden="true" size={16} />
          {t('product.sizeGuide')}
        </button>
      </DialogTrigger>
      <DialogContent
        className="size-guide"
        title={t('product.sizeGuide')}
        closeLabel={t('product.sizeGuideClose')}
        description={t('product.sizeGuideDescription')}
      >
        <SizeTable table={table} />
      </DialogContent>
    </Dialog>
  );
}
