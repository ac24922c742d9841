import { useFormContext, useWatch } from 'react-hook-form';
import type { CustomItem } from '../api/get-custom-items.ts';
import { colorName, colorSwatch } from '../colors.ts';
import { displayName, itemDefaults, useEditableField, type CustomOrderValues } from '../form-values.ts';
import { formatDa, isolated, sizeName, t } from '../../../i18n/i18n.ts';
import { CatalogText } from '../../../i18n/catalog-text.tsx';
import { Field, errorProps, inputClass } from './field.tsx';

/** Clothing type, size (none for a cup) and colour with its swatch (SPEC §2, §4). */
export function ProductSpecsSection({ items, onEdit }: { items: readonly CustomItem[]; onEdit: () => void }) {
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<CustomOrderValues>();
  const field = useEditableField(onEdit);
  const [clothingType, color, isCup] = useWatch({ control, name: ['clothingType', 'color', 'isCup'] });
  const item = items.find((candidate) => String(candidate.id) === clothingType);
  const sizes = item?.available_sizes ?? [];
  const colors = item?.available_colors ?? [];

  // SPEC §4: another item resets the size and colour to its first ones; a cup has no size.
  const clothingTypeField = register('clothingType', {
    onChange: (event: { target: { value: string } }) => {
      const defaults = itemDefaults(items.find((candidate) => String(candidate.id) === event.target.value));
      setValue('isCup', defaults.isCup);
      setValue('size', defaults.size);
      setValue('color', defaults.color);
      clearErrors(['clothingType', 'size', 'color']);
      onEdit();
    },
  });

  return (
    <fieldset className="flex min-w-0 flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6">
      <legend className="px-2 text-lg font-bold">{t('customOrder.productSection')}</legend>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="clothingType" label={t('customOrder.clothingType')} error={errors.clothingType?.message}>
          <select
            id="clothingType"
            className={inputClass}
            {...errorProps('clothingType', errors.clothingType?.message)}
            {...clothingTypeField}
          >
            {items.length === 0 ? <option value="">{t('customOrder.noItems')}</option> : null}
            {items.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {isolated(displayName(candidate.name, candidate.name_ar))} ({isolated(formatDa(candidate.base_price))})
              </option>
            ))}
          </select>
        </Field>
        {isCup ? null : (
          <Field id="size" label={t('customOrder.size')} error={errors.size?.message}>
            <select id="size" className={inputClass} {...errorProps('size', errors.size?.message)} {...field('size')}>
              {sizes.length === 0 ? <option value="">—</option> : null}
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {sizeName(size)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field
          id="color"
          label={t('customOrder.color')}
          error={errors.color?.message}
          className={isCup ? '' : 'sm:col-span-2'}
        >
          <div className="flex items-center gap-3">
            <select
              id="color"
              className={inputClass}
              {...errorProps('color', errors.color?.message)}
              {...field('color')}
            >
              {colors.length === 0 ? <option value="">—</option> : null}
              {colors.map((c) => (
                <option key={c} value={c}>
                  {colorName(c)}
                </option>
              ))}
            </select>
            <span
              role="img"
              aria-label={t('customOrder.colorPreview', { color: colorName(color ?? '') })}
              data-testid="color-swatch"
              className="h-11 w-11 shrink-0 rounded-full border border-gray-300 shadow-inner"
              style={{ backgroundColor: colorSwatch(color ?? '') }}
            />
          </div>
        </Field>
      </div>
      {item?.description || item?.description_ar ? (
        <p className="text-sm text-gray-600">
          <CatalogText fr={item.description} ar={item.description_ar} />
        </p>
      ) : null}
    </fieldset>
  );
}
