// What the custom order form holds, and the item rules its sections share (SPEC §2, §4).
import type { z } from 'zod';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { customOrderFormSchema } from '@shop/domain/form-schemas';
import { isCupName } from '@shop/domain/custom-item-schemas';
import type { CustomItem } from './api/get-custom-items.ts';
import { localized, t } from '../../i18n/i18n.ts';

export type CustomOrderValues = z.input<typeof customOrderFormSchema>;

export type Position = 'front' | 'back' | 'side';
export const POSITIONS: readonly Position[] = ['front', 'back', 'side'];

export function isCupItem(item: CustomItem | undefined): boolean {
  return item ? isCupName(item.name) || item.available_sizes === null : false;
}

/** The positions a customer may send: a cup is printed from its front image only. */
export function positionsFor(isCup: boolean | undefined): readonly Position[] {
  return isCup ? ['front'] : POSITIONS;
}

/** The cup item is shown in French; other catalogue names capitalised ("hoodie" → "Hoodie"). */
export function displayName(name: string, nameAr?: string | null): string {
  // The owner's Arabic name first on the Arabic storefront.
  const arabic = localized('', nameAr);
  if (arabic) return arabic;
  if (isCupName(name)) return t('customOrder.cupName');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** SPEC §4: an item comes with its first size (none for a cup) and its first colour. */
export function itemDefaults(item: CustomItem | undefined) {
  const cup = isCupItem(item);
  return {
    clothingType: item ? String(item.id) : '',
    isCup: cup,
    size: cup ? '' : (item?.available_sizes?.[0] ?? ''),
    color: item?.available_colors[0] ?? '',
  };
}

/**
 * Registers a field whose error clears when it is edited (SPEC §5); `onEdit` also runs (an edit
 * withdraws the server's new total, which was for the order as it was).
 */
export function useEditableField(onEdit: () => void) {
  const { register, clearErrors } = useFormContext<CustomOrderValues>();
  return (name: FieldPath<CustomOrderValues>) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        onEdit();
      },
    });
}
