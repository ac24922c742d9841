import { LOW_STOCK_BADGE_AT } from '@shop/domain/constants';
import { SIZES, type Size } from '@shop/domain/sizes';
import { sizeLabel, t } from '../../../i18n/i18n.ts';

interface SizePickerProps {
  stock: Partial<Record<Size, number>>;
  selected: Size | null;
  onSelect: (size: Size | null) => void;
}

/** Small … XX-Large; out-of-stock sizes disabled ('Épuisé'), low stock says how many are left (SPEC §4). */
export function SizePicker({ stock, selected, onSelect }: SizePickerProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-neutral-600">{t('product.size')}</legend>
      <div className="flex flex-wrap gap-3">
        {SIZES.map((size) => {
          const left = stock[size] ?? 0;
          const soldOut = left <= 0;
          const isSelected = selected === size;
          return (
            <button
              key={size}
              type="button"
              disabled={soldOut}
              aria-pressed={isSelected}
              onClick={() => onSelect(isSelected ? null : size)}
              className={`relative flex flex-col items-center rounded-full px-5 py-2.5 text-sm ${
                soldOut
                  ? 'cursor-not-allowed bg-neutral-100 text-neutral-400 line-through'
                  : isSelected
                    ? 'bg-black text-white'
                    : 'bg-[#f0f0f0] text-neutral-800 hover:bg-neutral-200'
              }`}
            >
              {sizeLabel(size)}
              {soldOut && <span className="text-[11px] no-underline">{t('product.soldOut')}</span>}
              {/* Said in words ("Plus que 2"), not a bare red number a customer cannot read. */}
              {!soldOut && left <= LOW_STOCK_BADGE_AT && (
                <span
                  className={`text-[11px] font-semibold whitespace-nowrap ${isSelected ? 'text-white' : 'text-red-700'}`}
                  data-testid="low-stock"
                >
                  {t('product.lowStock', { n: left })}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
