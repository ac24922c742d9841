import type { ProductColor } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';

/** A product's colours as small dots, named for a screen reader ("Colours: Rouge, Bleu"). */
export function ColorDots({ colors }: { colors: readonly Pick<ProductColor, 'id' | 'name' | 'swatch'>[] | undefined }) {
  if (!colors || colors.length === 0) return null;
  return (
    <span
      role="img"
      aria-label={`${texts.products.colors}: ${colors.map((c) => c.name).join(', ')}`}
      title={colors.map((c) => c.name).join(', ')}
      className="mt-1 flex flex-wrap gap-1"
    >
      {colors.map((color) => (
        <span
          key={color.id}
          aria-hidden="true"
          className="h-3.5 w-3.5 rounded-full border border-slate-300"
          style={{ backgroundColor: color.swatch }}
        />
      ))}
    </span>
  );
}
