import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProductDto, ProductInput } from '@linea/shared/contracts/products';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { thumbnailImage } from '@linea/shared/domain/product-image';
import { ADMIN_NAMESPACE } from '../i18n';
import { ImageUploads } from './image-uploads';
import { parseFrancs } from './manual-order-dialog';

/**
 * A list the admin builds one entry at a time (spec §5: sizes, colours, image URLs), duplicates
 * ignored; each entry can be removed again.
 */
function ListBuilder({
  legend,
  inputLabel,
  addLabel,
  items,
  onChange,
  type = 'text',
  describe = (item) => item,
  preview,
  children,
}: {
  legend: string;
  inputLabel: string;
  addLabel: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  type?: 'text' | 'url';
  /** What an entry is called on screen and in its remove button. @default the entry itself */
  describe?: (item: string, index: number) => string;
  /** Drawn before an entry's name (an image's thumbnail). */
  preview?: (item: string) => ReactNode;
  /** More ways to add entries, below the text field. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [text, setText] = useState('');
  const id = useId();
  const add = () => {
    const value = text.trim();
    if (value && !items.includes(value)) onChange([...items, value]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="admin-fieldset admin-list-builder">
      <legend>{legend}</legend>
      {items.length ? (
        <ul className="admin-chips">
          {items.map((item, index) => (
            <li key={item} className="admin-chip">
              {preview?.(item)}
              <span>{describe(item, index)}</span>
              <button
                type="button"
                className="admin-chip-remove"
                aria-label={t('products.form.remove', { item: describe(item, index) })}
                onClick={() => onChange(items.filter((other) => other !== item))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">{t('products.form.none')}</p>
      )}
      <div className="admin-list-builder-row">
        <label htmlFor={id} className="visually-hidden">
          {inputLabel}
        </label>
        <input
          id={id}
          type="text"
          inputMode={type === 'url' ? 'url' : undefined}
          value={text}
          placeholder={inputLabel}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add}>
          {addLabel}
        </Button>
      </div>
      {children}
    </fieldset>
  );
}

export interface ProductFormProps {
  product?: AdminProductDto;
  busy: boolean;
  fieldErrors: Record<string, string>;
  onSubmit: (input: ProductInput) => void;
}

/** The product form (spec §5) with English and German texts. */
export function ProductForm({ product, busy, fieldErrors, onSubmit }: ProductFormProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [sizes, setSizes] = useState<string[]>(product?.sizes ?? []);
  const [colors, setColors] = useState<string[]>(product?.colors ?? []);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [colorsDe, setColorsDe] = useState<Record<string, string>>(product?.translations?.de?.colors ?? {});
  const [priceError, setPriceError] = useState<string>();
  const [uploading, setUploading] = useState(0);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const price = parseFrancs(text('price'));
    if (price === undefined) {
      setPriceError(t('products.form.invalidPrice'));
      return;
    }
    setPriceError(undefined);
    // Spec §5: a stock that is not a number counts as 0.
    const stock = Math.max(0, Math.floor(Number(text('stockQuantity'))) || 0);
    const germanColours = Object.fromEntries(
      colors.flatMap((color) => (colorsDe[color]?.trim() ? [[color, colorsDe[color]!.trim()]] : [])),
    );
    const de = {
      ...(text('nameDe') ? { name: text('nameDe') } : {}),
      ...(text('descriptionDe') ? { description: text('descriptionDe') } : {}),
      ...(Object.keys(germanColours).length ? { colors: germanColours } : {}),
    };
    onSubmit({
      name: text('name'),
      description: text('description'),
      price,
      category: text('category'),
      stockQuantity: stock,
      featured: data.get('featured') === 'on',
      active: data.get('active') === 'on',
      sizes,
      colors,
      images,
      translations: Object.keys(de).length ? { de } : {},
    });
  }

  const error = (field: string) => fieldErrors[field];
  return (
    <form className="admin-form" onSubmit={handleSubmit} aria-busy={busy}>
      <fieldset className="admin-fieldset">
        <legend>{t('products.form.english')}</legend>
        <TextField
          label={t('products.form.name')}
          name="name"
          defaultValue={product?.name}
          required
          maxLength={120}
          error={error('name')}
        />
        <TextAreaField
          label={t('products.form.description')}
          name="description"
          defaultValue={product?.description}
          required
          maxLength={2000}
          rows={3}
          error={error('description')}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{t('products.form.german')}</legend>
        <TextField
          label={t('products.form.nameDe')}
          name="nameDe"
          lang="de"
          defaultValue={product?.translations?.de?.name}
          maxLength={120}
        />
        <TextAreaField
          label={t('products.form.descriptionDe')}
          name="descriptionDe"
          lang="de"
          defaultValue={product?.translations?.de?.description}
          maxLength={2000}
          rows={3}
        />
      </fieldset>
      <div className="admin-field-pair">
        <TextField
          label={t('products.form.price')}
          name="price"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          required
          defaultValue={product ? (product.price / 100).toFixed(2) : undefined}
          error={priceError ?? error('price')}
        />
        <TextField
          label={t('products.form.stock')}
          name="stockQuantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          defaultValue={product?.stockQuantity ?? 0}
          error={error('stockQuantity')}
        />
      </div>
      <TextField
        label={t('products.form.category')}
        name="category"
        defaultValue={product?.category}
        required
        maxLength={60}
        error={error('category')}
      />
      <ListBuilder
        legend={t('products.form.sizes')}
        inputLabel={t('products.form.size')}
        addLabel={t('products.form.addSize')}
        items={sizes}
        onChange={setSizes}
      />
      <ListBuilder
        legend={t('products.form.colors')}
        inputLabel={t('products.form.color')}
        addLabel={t('products.form.addColor')}
        items={colors}
        onChange={setColors}
      />
      {colors.length ? (
        <div className="admin-field-pair">
          {colors.map((color) => (
            <TextField
              key={color}
              label={t('products.form.colorDe', { color })}
              lang="de"
              value={colorsDe[color] ?? ''}
              maxLength={40}
              onChange={(event) => setColorsDe((current) => ({ ...current, [color]: event.target.value }))}
            />
          ))}
        </div>
      ) : null}
      <ListBuilder
        legend={t('products.form.images')}
        inputLabel={t('products.form.image')}
        addLabel={t('products.form.addImage')}
        items={images}
        onChange={setImages}
        type="url"
        describe={(image, index) =>
          image.startsWith('/media/') ? t('products.form.uploadedPhoto', { index: index + 1 }) : image
        }
        preview={(image) => (
          <img className="admin-chip-image" src={thumbnailImage(image)} alt="" width={32} height={40} />
        )}
      >
        <ImageUploads
          onUploaded={(url) => setImages((current) => (current.includes(url) ? current : [...current, url]))}
          onPendingChange={setUploading}
        />
      </ListBuilder>
      <label className="admin-checkbox">
        <input type="checkbox" name="featured" defaultChecked={product?.featured ?? false} />
        <span>{t('products.form.featured')}</span>
      </label>
      <label className="admin-checkbox">
        <input type="checkbox" name="active" defaultChecked={product?.active ?? true} />
        <span>{t('products.form.active')}</span>
      </label>
      {uploading > 0 ? <p className="admin-muted">{t('products.form.waitForUploads')}</p> : null}
      <Button type="submit" disabled={busy || uploading > 0}>
        {busy ? t('products.form.saving') : t('products.form.save')}
      </Button>
    </form>
  );
}
