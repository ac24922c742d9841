// The product form's sizes and colours (issue 30, docs/decisions/036-variants.md): the size scale
// (S-XXL, the owner's numbers or ages, one size), the colours (names, swatch, the photos that show
// each) and the stock of every colour × size, with its price difference and SKU. On a phone one
// colour at a time: its tab, then its sizes as rows (size | stock | price diff | SKU).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { imageUrl } from '../../../../lib/api.ts';
import { buttonClass, Field, inputClass } from '../../../components/ui.tsx';
import type { SizeScale } from '@shop/domain/variants';
import { texts } from '../../../texts.ts';
import {
  addColor,
  colorKeysOf,
  removeColor,
  rowKey,
  sizeShown,
  sizesOf,
  usesGrid,
  type ColorDraft,
  type RowDraft,
  type VariantDraft,
  type VariantProblems,
  type VariantsMoved,
} from '../api/variant-form-data.ts';
import type { PhotoArrangement } from './product-photos.tsx';

const t = texts.products.variants;

interface ProductVariantsProps {
  draft: VariantDraft;
  onChange: (next: VariantDraft) => void;
  /** The five S-XXL fields, shown while the product has no colours on the letter scale. */
  plainFields: ReactNode;
  /** The five fields' values, carried into the first colour added. */
  plainSizes: () => Partial<Record<string, unknown>>;
  photos: PhotoArrangement | null;
  files: File[];
  fileColors: Map<File, string>;
  onFileColor: (file: File, colorKey: string | null) => void;
  /** Shown once the owner tried to save. */
  problems: VariantProblems | null;
  moved: VariantsMoved | null;
}

export function ProductVariants({
  draft,
  onChange,
  plainFields,
  plainSizes,
  photos,
  files,
  fileColors,
  onFileColor,
  problems,
  moved,
}: ProductVariantsProps) {
  const [selected, setSelected] = useState<string | null>(draft.colors[0]?.key ?? null);
  const current = draft.colors.find((c) => c.key === selected) ?? draft.colors[0] ?? null;
  const sizes = sizesOf(draft);
  const listed = draft.scale === 'numbers' || draft.scale === 'ages';
  const sizeListError =
    problems?.sizeList ?? (listed && draft.sizeText.trim() && 'error' in sizes ? sizes.error : undefined);

  const setColor = (key: string, change: Partial<ColorDraft>) =>
    onChange({ ...draft, colors: draft.colors.map((c) => (c.key === key ? { ...c, ...change } : c)) });
  const setRow = (key: string, change: Partial<RowDraft>) => {
    const row = draft.rows[key] ?? { stock: '0', price_diff: '', sku: '' };
    onChange({ ...draft, rows: { ...draft.rows, [key]: { ...row, ...change } } });
  };

  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-1 text-xs font-medium text-slate-700">{t.title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="product-scale" label={t.scale}>
          <select
            id="product-scale"
            className={inputClass}
            value={draft.scale}
            onChange={(e) => onChange({ ...draft, scale: e.target.value as SizeScale })}
          >
            <option value="letters">{t.scales.letters}</option>
            <option value="numbers">{t.scales.numbers}</option>
            <option value="ages">{t.scales.ages}</option>
            <option value="one">{t.scales.one}</option>
          </select>
        </Field>
        {listed ? (
          <Field
            id="product-size-list"
            label={t.sizeList}
            error={sizeListError}
            hint={draft.scale === 'ages' ? t.sizeListHintAges : t.sizeListHintNumbers}
          >
            <input
              id="product-size-list"
              type="text"
              className={inputClass}
              value={draft.sizeText}
              placeholder={draft.scale === 'ages' ? '2 ans, 4 ans, 6 ans' : '36, 38, 40'}
              aria-invalid={sizeListError ? true : undefined}
              aria-describedby={sizeListError ? 'product-size-list-error' : undefined}
              onChange={(e) => onChange({ ...draft, sizeText: e.target.value })}
            />
          </Field>
        ) : null}
      </div>

      <div>
        <p className="mb-1 text-xs font-medium text-slate-700">{t.colors}</p>
        {draft.colors.length === 0 ? <p className="mb-2 text-xs text-slate-500">{t.colorsHint}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          {draft.colors.length > 0 ? (
            <div role="tablist" aria-label={t.colors} className="flex flex-wrap gap-2">
              {draft.colors.map((color, index) => {
                const active = current?.key === color.key;
                return (
                  <button
                    key={color.key}
                    type="button"
                    role="tab"
                    aria-selected={active}
                    className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-3 text-sm ${
                      active ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800'
                    }`}
                    onClick={() => setSelected(color.key)}
                  >
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 rounded-full border border-slate-300"
                      style={{ backgroundColor: color.swatch }}
                    />
                    {color.name.trim() || t.newColor(index + 1)}
                  </button>
                );
              })}
            </div>
          ) : null}
          <button
            type="button"
            className={`${buttonClass('secondary')} min-h-10`}
            disabled={draft.colors.length >= 20}
            onClick={() => {
              const next = addColor(draft, plainSizes());
              onChange(next);
              setSelected(next.colors[next.colors.length - 1]?.key ?? null);
            }}
          >
            {t.addColor}
          </button>
        </div>
        {problems?.tooManyColors ? <p className="mt-1 text-xs text-red-600">{problems.tooManyColors}</p> : null}
      </div>

      {current ? (
        <ColorEditor
          color={current}
          index={draft.colors.indexOf(current)}
          problems={problems}
          onChange={(change) => setColor(current.key, change)}
          onRemove={() => {
            const next = removeColor(draft, current.key);
            onChange(next);
            setSelected(next.colors[0]?.key ?? null);
            for (const file of files) if (fileColors.get(file) === current.key) onFileColor(file, null);
          }}
          photoPicker={
            <PhotoPicker
              colorKey={current.key}
              colorName={current.name.trim() || t.newColor(draft.colors.indexOf(current) + 1)}
              draft={draft}
              onChange={onChange}
              photos={photos}
              files={files}
              fileColors={fileColors}
              onFileColor={onFileColor}
            />
          }
        />
      ) : null}

      {usesGrid(draft) ? (
        'sizes' in sizes ? (
          <StockRows
            draft={draft}
            colorKey={current?.key ?? ''}
            colorName={current ? current.name.trim() || t.newColor(draft.colors.indexOf(current) + 1) : ''}
            sizes={sizes.sizes}
            problems={problems}
            moved={moved}
            setRow={setRow}
          />
        ) : null
      ) : (
        plainFields
      )}
    </fieldset>
  );
}

function ColorEditor({
  color,
  index,
  problems,
  onChange,
  onRemove,
  photoPicker,
}: {
  color: ColorDraft;
  index: number;
  problems: VariantProblems | null;
  onChange: (change: Partial<ColorDraft>) => void;
  onRemove: () => void;
  photoPicker: ReactNode;
}) {
  const nameError = problems?.colorName?.[color.key];
  const swatchError = problems?.swatch?.[color.key];
  return (
    <div
      role="tabpanel"
      aria-label={color.name.trim() || t.newColor(index + 1)}
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <Field id="product-color-name" label={t.colorName} error={nameError}>
        <input
          id="product-color-name"
          type="text"
          className={inputClass}
          value={color.name}
          placeholder="Rouge"
          maxLength={40}
          aria-invalid={nameError ? true : undefined}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Field>
      <Field id="product-color-name-ar" label={t.colorNameAr}>
        <input
          id="product-color-name-ar"
          type="text"
          dir="rtl"
          lang="ar"
          className={inputClass}
          value={color.name_ar}
          maxLength={40}
          onChange={(e) => onChange({ name_ar: e.target.value })}
        />
      </Field>
      <Field id="product-color-swatch" label={t.swatch} error={swatchError}>
        <input
          id="product-color-swatch"
          type="color"
          className="block h-10 w-full min-w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
          value={color.swatch}
          onChange={(e) => onChange({ swatch: e.target.value })}
        />
      </Field>
      <div className="sm:col-span-3">{photoPicker}</div>
      <div className="sm:col-span-3">
        <button type="button" className={buttonClass('ghost', true)} onClick={onRemove}>
          <span className="text-red-600">{t.removeColor(color.name.trim() || t.newColor(index + 1))}</span>
        </button>
      </div>
    </div>
  );
}

/** The product's photos, each a toggle: tapped, it shows the colour being edited (or every colour again). */
function PhotoPicker({
  colorKey,
  colorName,
  draft,
  onChange,
  photos,
  files,
  fileColors,
  onFileColor,
}: {
  colorKey: string;
  colorName: string;
  draft: VariantDraft;
  onChange: (next: VariantDraft) => void;
  photos: PhotoArrangement | null;
  files: File[];
  fileColors: Map<File, string>;
  onFileColor: (file: File, colorKey: string | null) => void;
}) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const saved = (photos?.tiles ?? []).filter((tile) => !tile.removed);
  const nameOf = (key: string | null | undefined) => draft.colors.find((c) => c.key === key)?.name.trim();
  if (saved.length === 0 && files.length === 0) {
    return <p className="text-xs text-slate-500">{t.noPhotos}</p>;
  }
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-700">{t.photosOf(colorName)}</p>
      <p className="mb-2 text-xs text-slate-500">{t.photosHint}</p>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {saved.map(({ image }, index) => {
          const number = index + 1;
          const owner = draft.photoColors[String(image.id)] ?? null;
          const mine = owner === colorKey;
          const other = owner !== null && !mine ? nameOf(owner) : undefined;
          return (
            <li key={image.id}>
              <PhotoToggle
                src={imageUrl(image.image_url)}
                label={t.photoToggle(number, colorName)}
                pressed={mine}
                other={other}
                onToggle={() =>
                  onChange({
                    ...draft,
                    photoColors: { ...draft.photoColors, [String(image.id)]: mine ? null : colorKey },
                  })
                }
              />
            </li>
          );
        })}
        {files.map((file, index) => {
          const owner = fileColors.get(file) ?? null;
          const mine = owner === colorKey;
          const other = owner !== null && !mine ? nameOf(owner) : undefined;
          return (
            <li key={`${file.name}-${index}`}>
              <PhotoToggle
                src={previews[index]}
                label={t.newPhotoToggle(file.name, colorName)}
                pressed={mine}
                other={other}
                onToggle={() => onFileColor(file, mine ? null : colorKey)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PhotoToggle({
  src,
  label,
  pressed,
  other,
  onToggle,
}: {
  src: string | undefined;
  label: string;
  pressed: boolean;
  other: string | undefined;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onToggle}
      className={`relative block w-full rounded-md border-2 p-0.5 ${pressed ? 'border-slate-900' : 'border-transparent'}`}
    >
      <img src={src} alt="" className={`aspect-square w-full rounded object-cover ${pressed ? '' : 'opacity-60'}`} />
      {pressed ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 h-5 w-5 rounded-full bg-slate-900 text-center text-xs leading-5 text-white"
        >
          ✓
        </span>
      ) : null}
      {other ? (
        <span className="absolute right-0.5 bottom-0.5 left-0.5 truncate rounded bg-white/90 px-1 text-[10px] text-slate-700">
          {other}
        </span>
      ) : null}
    </button>
  );
}

/** The sizes of one colour (or of the product without colours): size | stock | price diff | SKU. */
function StockRows({
  draft,
  colorKey,
  colorName,
  sizes,
  problems,
  moved,
  setRow,
}: {
  draft: VariantDraft;
  colorKey: string;
  colorName: string;
  sizes: string[];
  problems: VariantProblems | null;
  moved: VariantsMoved | null;
  setRow: (key: string, change: Partial<RowDraft>) => void;
}) {
  const keys = colorKeysOf(draft);
  const color = keys.includes(colorKey) ? colorKey : (keys[0] ?? '');
  const colorId = draft.colors.find((c) => c.key === color)?.id ?? 0;
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-700">
        {colorName ? t.stockOfColor(colorName) : texts.products.sizeStock}
      </p>
      <div
        role="table"
        aria-label={colorName ? t.stockOfColor(colorName) : texts.products.sizeStock}
        className="grid gap-1.5"
      >
        <div
          role="row"
          className="grid grid-cols-[3.5rem_1fr_1fr_1.3fr] gap-1.5 text-[11px] font-medium text-slate-500"
        >
          <span role="columnheader">{t.size}</span>
          <span role="columnheader">{texts.products.stock}</span>
          <span role="columnheader">{t.priceDiff}</span>
          <span role="columnheader">{t.sku}</span>
        </div>
        {sizes.map((size) => {
          const key = rowKey(color, size);
          const row = draft.rows[key] ?? { stock: '0', price_diff: '', sku: '' };
          const shown = sizeShown(draft.scale, size);
          const what = [colorName, shown].filter(Boolean).join(' ');
          const stockError = problems?.stock?.[key];
          const diffError = problems?.priceDiff?.[key];
          const movedFigure = moved?.moved.find((m) => (m.color_id ?? 0) === colorId && m.size === size);
          return (
            <div key={key} role="row" className="grid grid-cols-[3.5rem_1fr_1fr_1.3fr] items-start gap-1.5">
              <span role="rowheader" className="pt-2 text-sm font-medium break-words text-slate-900">
                {shown}
              </span>
              <span role="cell">
                <input
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  aria-label={t.stockOf(what)}
                  aria-invalid={stockError ? true : undefined}
                  className={inputClass}
                  value={row.stock}
                  onChange={(e) => setRow(key, { stock: e.target.value })}
                />
                {movedFigure ? (
                  <span className="mt-0.5 block text-[11px] text-amber-800">
                    {texts.products.stockMovedHint(movedFigure.seen)}
                  </span>
                ) : null}
                {stockError ? (
                  <span role="alert" className="mt-0.5 block text-[11px] text-red-600">
                    {stockError}
                  </span>
                ) : null}
              </span>
              <span role="cell">
                <input
                  type="text"
                  inputMode="decimal"
                  aria-label={t.priceDiffOf(what)}
                  aria-invalid={diffError ? true : undefined}
                  placeholder="0"
                  className={inputClass}
                  value={row.price_diff}
                  onChange={(e) => setRow(key, { price_diff: e.target.value })}
                />
                {diffError ? (
                  <span role="alert" className="mt-0.5 block text-[11px] text-red-600">
                    {diffError}
                  </span>
                ) : null}
              </span>
              <span role="cell">
                <input
                  type="text"
                  aria-label={t.skuOf(what)}
                  maxLength={64}
                  className={inputClass}
                  value={row.sku}
                  onChange={(e) => setRow(key, { sku: e.target.value })}
                />
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
