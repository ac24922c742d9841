import { LOW_STOCK_BADGE_AT } from '@shop/domain/constants';
import { t } from '../../../i18n/i18n.ts';

export interface SizeChoice {
  /** The size's key, as the cart line sends it ("M", "38", "2a"). */
  key: string;
  /** As the customer reads it ("Medium", "38", "2 ans"). */
  label: string;
  /** The units left of this size (in the chosen colour, for a product in colours). */
  stock: number;
}

interface SizePickerProps {
  sizes: readonly SizeChoice[];
  selected: string | null;
  onSelect: (size: string | null) => void;
}

/** The product's sizes in order; out-of-stock sizes disabled ('Épuisé'), low stock says how many are left (SPEC §4). */
export function SizePicker({ sizes, selected, onSelect }: SizePickerProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-neutral-600">{t('product.size')}</legend>
      <div className="flex flex-wrap gap-3">
        {sizes.map(({ key, label, stock: left }) => {
          const soldOut = left <= 0;
          const isSelected = selected === key;
          return (
            <button
              key={key}
              type="button"
              disabled={soldOut}
              aria-pressed={isSelected}
              onClick={() => onSelect(isSelected ? null : key)}
              className={`relative flex flex-col items-center rounded-full px-5 py-2.5 text-sm ${
                soldOut
                  ? 'cursor-not-allowed bg-neutral-100 text-neutral-400 line-through'
                  : isSelected
                    ? 'bg-black text-white'
                    : 'bg-[#f0f0f0] text-neutral-800 hover:bg-neutral-200'
              }`}
            >
              {label}
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
