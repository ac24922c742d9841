import { currentLanguage, t } from '../../../i18n/i18n.ts';
import { colorName, type ProductColor } from '../../products/variants.ts';

interface ColorPickerProps {
  colors: readonly ProductColor[];
  /** The units left of each colour, by its id. */
  stock: ReadonlyMap<number, number>;
  selected: ProductColor | undefined;
  onSelect: (color: ProductColor | undefined) => void;
}

/**
 * The product's colours as round swatches, each a button named by its colour (its Arabic name on
 * /ar); the chosen one has a ring. A colour sold out in every size stays choosable (its photos),
 * crossed and said "Épuisé".
 */
export function ColorPicker({ colors, stock, selected, onSelect }: ColorPickerProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-neutral-600">
        {t('product.color')}
        {selected && (
          <>
            {/* French sets its colon apart ("Couleur : Rouge"), Arabic does not ("اللون: أحمر"). */}
            {currentLanguage() === 'ar' ? ': ' : ' : '}
            <span className="font-semibold text-neutral-900" data-testid="chosen-color">
              {colorName(selected)}
            </span>
          </>
        )}
      </legend>
      <div className="flex flex-wrap gap-3">
        {colors.map((color) => {
          const isSelected = selected?.id === color.id;
          const soldOut = (stock.get(color.id) ?? 0) <= 0;
          const name = colorName(color);
          return (
            <button
              key={color.id}
              type="button"
              aria-pressed={isSelected}
              aria-label={soldOut ? `${name} (${t('product.soldOut')})` : name}
              title={name}
              onClick={() => onSelect(isSelected ? undefined : color)}
              className={`relative flex h-11 w-11 items-center justify-center rounded-full ring-offset-2 ${
                isSelected ? 'ring-2 ring-black' : 'ring-1 ring-neutral-300 hover:ring-neutral-500'
              }`}
            >
              <span
                aria-hidden="true"
                className="block h-9 w-9 rounded-full border border-black/10"
                style={{ backgroundColor: color.swatch }}
              />
              {soldOut && (
                <span
                  aria-hidden="true"
                  className="absolute inset-0 m-auto block h-0.5 w-10 -rotate-45 rounded bg-neutral-500"
                />
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
