import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { StockMoved } from '@shop/domain/catalog-responses';
import { SIZES } from '@shop/domain/sizes';
import { ApiError } from '../../../../lib/api.ts';
import { prepareImage, type ImageRefusal } from '../../../../lib/image-files.ts';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import { productToast } from '../../../lib/toast.ts';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import { BilingualFields } from '../../../components/bilingual-fields.tsx';
import { AmountInput, DraftNotice, Field, inputClass } from '../../../components/ui.tsx';
import type { Product, ProductImage, ProductType } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import {
  afterStockMoved,
  productFormSchema,
  seenStockOf,
  toProductFormData,
  toProductUpdateData,
  toVariantProductData,
  toVariantUpdateData,
  type ProductFormInput,
  type ProductFormValues,
} from '../api/product-form-data.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { stockMovedOf, useUpdateProduct } from '../api/update-product.ts';
import { useSavePhotos } from '../api/save-photos.ts';
import { ProductPhotos, usePhotoArrangement } from './product-photos.tsx';
import {
  afterVariantsMoved,
  hasProblems,
  movedLabel,
  photoColorsPayload,
  sendsVariants,
  serverProblems,
  variantDraftOf,
  variantProblems,
  variantsMovedOf,
  type VariantDraft,
  type VariantProblems,
  type VariantsMoved,
} from '../api/variant-form-data.ts';
import { ProductVariants } from './product-variants.tsx';

const baseResolver = zodResolver(productFormSchema);
// Only the stock fields that apply are checked: per size when sold by size, else the single stock.
const resolver: Resolver<ProductFormInput, unknown, ProductFormValues> = (values, context, options) =>
  baseResolver(values.sold_by_size ? { ...values, stock: undefined } : { ...values, sizes: {} }, context, options);

function defaults(product?: Product): ProductFormInput {
  if (!product) {
    return {
      name: '',
      description: '',
      name_ar: '',
      description_ar: '',
      price: '',
      type_id: '',
      discount_percentage: 0,
      stock: 0,
      sizes: { S: 0, M: 0, L: 0, XL: 0, XXL: 0 },
      sold_by_size: true,
      variants: variantDraftOf(),
    };
  }
  const seen = seenStockOf(product);
  return {
    name: product.name,
    description: product.description ?? '',
    name_ar: product.name_ar ?? '',
    description_ar: product.description_ar ?? '',
    price: product.price,
    type_id: product.type_id ?? '',
    discount_percentage: product.discount_percentage,
    stock: product.stock,
    sizes: seen.sizes,
    sold_by_size: seen.sold_by_size,
    seen,
    variants: variantDraftOf(product),
  };
}

interface ProductFormModalProps {
  product?: Product;
  types: ProductType[];
  onClose: () => void;
}

/** The form's key for drafts kept when the session ends (products-page.tsx reopens it). */
export const PRODUCT_FORM = 'product';

/**
 * Add (no product) or edit a product. A failed save keeps the modal open with every value typed;
 * an ended session keeps them until the owner has signed in again.
 */
export function ProductFormModal({ product, types, onClose }: ProductFormModalProps) {
  const editing = product !== undefined;
  const target = product ? String(product.id) : 'new';
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [files, setFiles] = useState<File[]>([]);
  const [preparing, setPreparing] = useState(false);
  const draft = useRestoredFormDraft<ProductFormInput>(PRODUCT_FORM, target);
  const [moved, setMoved] = useState<StockMoved['moved'] | null>(null);
  // The colours and sizes: what the owner must fix (once a save was tried), the figures that moved
  // (a 409), and the colour each new photo shows.
  const [problems, setProblems] = useState<VariantProblems | null>(null);
  const [variantsMoved, setVariantsMoved] = useState<VariantsMoved | null>(null);
  const [movedLines, setMovedLines] = useState<MovedLine[] | null>(null);
  const [fileColors, setFileColors] = useState<Map<File, string>>(() => new Map());
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver,
    defaultValues: draft?.values ?? defaults(product),
  });
  useKeepFormDraft(PRODUCT_FORM, target, () => ({ values: getValues(), filesLost: files.length > 0 }));
  const soldBySize = useWatch({ control, name: 'sold_by_size' });
  const variantDraft = useWatch({ control, name: 'variants' }) ?? variantDraftOf(product);
  const changeVariants = (next: VariantDraft) => {
    setValue('variants', next);
    if (problems) setProblems(variantProblems(next));
  };
  const photos = usePhotoArrangement(product?.images ?? []);
  const savePhotos = useSavePhotos();
  async function savePhotosOf(id: number) {
    try {
      photos.reset((await savePhotos.mutateAsync({ id, photos: photos.payload() })).images);
    } catch (error) {
      // Changed elsewhere meanwhile: the form shows them as they are now, with the server's message.
      const changed =
        error instanceof ApiError && error.status === 409 ? (error.data as { images?: ProductImage[] }) : null;
      if (changed?.images) photos.reset(changed.images);
      throw error;
    }
  }

  /** After the product's save: the photos' colours, new colours and photos found in its answer. */
  async function savePhotoColors(variants: VariantDraft, saved: Product, knownImageIds: number[]) {
    if (!Array.isArray(saved.images)) return true;
    const payload = photoColorsPayload(
      variants,
      saved,
      files.map((file) => ({ colorKey: fileColors.get(file) ?? null })),
      knownImageIds,
    );
    if (!payload) return true;
    try {
      await savePhotos.mutateAsync({ id: saved.id, photos: payload });
      return true;
    } catch (error) {
      if (sessionEnded(error)) return false;
      productToast.error(errorMessage(error, texts.products.photoColorsFailed));
      return true;
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    const seen = values.seen ?? (product ? seenStockOf(product) : null);
    const current = getValues('variants');
    const variants = values.sold_by_size && current && sendsVariants(current) ? current : null;
    if (variants) {
      const found = variantProblems(variants);
      setProblems(found);
      if (hasProblems(found)) {
        productToast.error(texts.products.variants.fix);
        return;
      }
    }
    const knownImageIds = photos.tiles.map((tile) => tile.image.id);
    try {
      let saved: Product;
      if (product && seen) {
        // The photos first: they are checked against those the form showed, before new ones are added.
        if (photos.changed) await savePhotosOf(product.id);
        const body = variants
          ? toVariantUpdateData(values, seen, files, variants)
          : toProductUpdateData(values, seen, files);
        saved = await update.mutateAsync({ id: product.id, body });
      } else {
        saved = await create.mutateAsync(
          variants ? toVariantProductData(values, files, variants) : toProductFormData(values, files),
        );
      }
      if (variants && !(await savePhotoColors(variants, saved, knownImageIds))) return;
      productToast.success(product ? texts.products.updated_ : texts.products.added);
      onClose();
    } catch (error) {
      if (sessionEnded(error)) return;
      const variantsNow =
        variants && error instanceof ApiError && error.status === 409 ? variantsMovedOf(error.data) : null;
      if (variants && variantsNow) {
        // Nothing was saved: the grid shows the current figures where they moved or were left as
        // they were, the owner's other changes stay, and the next save is against what it shows.
        setValue('variants', afterVariantsMoved(variants, variantsNow));
        setVariantsMoved(variantsNow);
        setMovedLines(
          variantsNow.moved.map((m) => ({
            key: `${m.color_id}-${m.size ?? ''}`,
            label: movedLabel(variants, m.color_id, m.size) || texts.products.stock,
            seen: m.seen,
            current: m.current,
          })),
        );
        return;
      }
      const current = seen ? stockMovedOf(error) : null;
      if (current && seen) {
        // Nothing was saved: the stale figures are replaced by the current ones, the owner's other
        // changes stay, and the next save is a change against what the form now shows.
        const next = afterStockMoved(getValues(), seen, current);
        for (const size of SIZES) setValue(`sizes.${size}`, next.sizes[size]);
        setValue('stock', next.stock);
        setValue('seen', next.seen);
        setMoved(current.moved);
        setMovedLines(
          current.moved.map((m) => ({
            key: m.size ?? 'stock',
            label: m.size ?? texts.products.stock,
            seen: m.seen,
            current: m.current,
          })),
        );
        return;
      }
      // A 400 about the colours or sizes: each message beside its box.
      const refused =
        variants && error instanceof ApiError && error.status === 400 ? serverProblems(variants, error.data) : null;
      if (refused) setProblems(refused);
      productToast.error(
        product ? errorMessage(error, texts.products.updateFailed) : errorMessage(error, texts.products.addFailed),
      );
    }
  });

  const sizeErrors = errors.sizes as Partial<Record<string, { message?: string }>> | undefined;

  return (
    <Modal
      title={editing ? texts.products.editTitle : texts.products.addTitle}
      onClose={onClose}
      size="lg"
      footer={<FormModalFooter formId="product-form" onCancel={onClose} submitting={isSubmitting || preparing} />}
    >
      <form id="product-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {draft ? (
          <div className="sm:col-span-2">
            <DraftNotice filesLost={draft.filesLost} />
          </div>
        ) : null}
        <BilingualFields id="product" register={register} errors={errors} className="sm:col-span-2" />
        <Field id="product-price" label={`${texts.products.price} (Da)`} error={errors.price?.message}>
          <AmountInput id="product-price" invalid={Boolean(errors.price)} {...register('price')} />
        </Field>
        <Field id="product-type" label={texts.products.type} error={errors.type_id?.message}>
          <select
            id="product-type"
            className={inputClass}
            aria-invalid={errors.type_id ? true : undefined}
            {...register('type_id')}
          >
            <option value="">{texts.products.selectType}</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="product-discount" label={texts.products.discount} error={errors.discount_percentage?.message}>
          <input
            id="product-discount"
            type="number"
            min={0}
            max={100}
            step="any"
            className={inputClass}
            aria-invalid={errors.discount_percentage ? true : undefined}
            {...register('discount_percentage')}
          />
        </Field>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" {...register('sold_by_size')} />
            {texts.products.soldBySize}
          </label>
        </div>
        {movedLines ? <StockMovedNotice lines={movedLines} /> : null}
        {soldBySize ? (
          <ProductVariants
            draft={variantDraft}
            onChange={changeVariants}
            plainSizes={() => getValues('sizes') ?? {}}
            photos={product ? photos : null}
            files={files}
            fileColors={fileColors}
            onFileColor={(file, key) =>
              setFileColors((current) => {
                const next = new Map(current);
                if (key === null) next.delete(file);
                else next.set(file, key);
                return next;
              })
            }
            problems={problems}
            moved={variantsMoved}
            plainFields={
              <fieldset className="sm:col-span-2">
                <legend className="mb-1 text-xs font-medium text-slate-700">{texts.products.sizeStock}</legend>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                  {SIZES.map((size) => (
                    <Field
                      key={size}
                      id={`product-size-${size}`}
                      label={size}
                      error={sizeErrors?.[size]?.message}
                      hint={movedHint(moved, size)}
                    >
                      <input
                        id={`product-size-${size}`}
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        className={inputClass}
                        aria-invalid={sizeErrors?.[size] ? true : undefined}
                        {...register(`sizes.${size}`)}
                      />
                    </Field>
                  ))}
                </div>
              </fieldset>
            }
          />
        ) : (
          <Field
            id="product-stock"
            label={texts.products.stock}
            error={errors.stock?.message}
            hint={movedHint(moved, null)}
          >
            <input
              id="product-stock"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className={inputClass}
              aria-invalid={errors.stock ? true : undefined}
              {...register('stock')}
            />
          </Field>
        )}
        {product ? <ProductPhotos photos={photos} /> : null}
        <NewImages
          files={files}
          onAdd={(added) => setFiles((current) => [...current, ...added])}
          onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
          onPreparing={setPreparing}
          label={editing ? texts.products.newImages : texts.products.images}
        />
      </form>
    </Modal>
  );
}

/** Under a figure that moved: what the owner saw when they opened the form. */
function movedHint(moved: StockMoved['moved'] | null, size: StockMoved['moved'][number]['size']) {
  const figure = moved?.find((m) => m.size === size);
  return figure ? texts.products.stockMovedHint(figure.seen) : undefined;
}

/** A figure that moved while the form was open: "M" or "Rouge / 38", what the owner saw, what it is now. */
interface MovedLine {
  key: string;
  label: string;
  seen: number;
  current: number;
}

/** After a 409: which figures moved while the form was open, and that nothing was saved. */
function StockMovedNotice({ lines }: { lines: MovedLine[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the stock fields may be under the fold when the owner taps Save: the notice goes
  // to the top, the figures it speaks of right under it.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [lines]);
  return (
    <div
      ref={ref}
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2"
    >
      <p className="font-medium">{texts.products.stockMoved}</p>
      <ul className="mt-1 list-disc pl-5">
        {lines.map((m) => (
          <li key={m.key}>{texts.products.stockMovedLine(m.label, m.seen, m.current)}</li>
        ))}
      </ul>
      <p className="mt-1">{texts.products.stockMovedAgain}</p>
    </div>
  );
}

const REFUSALS: Record<ImageRefusal, (name: string) => string> = {
  'not-image': texts.products.imageNotImage,
  'too-large': texts.products.imageTooLarge,
};

/**
 * Pictures to upload with the product: each is checked as it is chosen (an image, at most 8 MB,
 * that the browser can decode; big photos are downscaled), a refused one is named and left out.
 */
function NewImages({
  files,
  onAdd,
  onRemove,
  onPreparing,
  label,
}: {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onPreparing: (preparing: boolean) => void;
  label: string;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const refusedRef = useRef<HTMLDivElement>(null);
  // On a phone the field is at the bottom of the modal: the message must not stay under its fold.
  useEffect(() => {
    if (refused.length > 0) refusedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refused]);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  async function choose(chosen: File[]) {
    if (chosen.length === 0) return;
    onPreparing(true);
    try {
      const results = await Promise.all(chosen.map((file) => prepareImage(file)));
      const accepted: File[] = [];
      const messages: string[] = [];
      results.forEach((result, index) => {
        if (result.ok) accepted.push(result.file);
        else messages.push(REFUSALS[result.reason](chosen[index]!.name));
      });
      setRefused(messages);
      if (accepted.length > 0) onAdd(accepted);
    } finally {
      onPreparing(false);
    }
  }

  return (
    <div className="sm:col-span-2">
      <label htmlFor="product-images" className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id="product-images"
        type="file"
        accept="image/*"
        multiple
        aria-invalid={refused.length > 0 ? true : undefined}
        aria-describedby={refused.length > 0 ? 'product-images-error' : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          void choose(chosen);
        }}
      />
      {refused.length > 0 ? (
        <div ref={refusedRef} id="product-images-error" role="alert" className="mt-1 text-xs text-red-600">
          {refused.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="relative">
              <img
                src={previews[index]}
                alt={file.name}
                className="h-16 w-16 rounded border border-slate-200 object-cover"
              />
              <button
                type="button"
                aria-label={texts.products.removeImage(file.name)}
                className="absolute -top-1.5 -right-1.5 h-5 w-5 rounded-full bg-slate-800 text-xs leading-5 text-white"
                onClick={() => onRemove(index)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
