import { t } from '../../../i18n/i18n.ts';
import { colorName, sizeText } from '../../products/variants.ts';
import { getCart, sameColor } from '../cart-store.ts';
import type { CheckoutProblem } from '../checkout.ts';

export function CheckoutProblemBox({ problem }: { problem: CheckoutProblem }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">{problem.message}</p>
      {problem.unavailable && problem.unavailable.length > 0 && (
        <>
          <p className="mt-3 font-bold">{t('cart.unavailableTitle')}</p>
          <ul className="mt-1 list-disc ps-5">
            {problem.unavailable.map((item) => (
              <li key={`${item.product_id}-${item.size}-${lineColor(item)}`}>
                {item.name}
                {variantText(item) && ` (${variantText(item)})`} —{' '}
                {item.available > 0
                  ? t('cart.available', { available: item.available, requested: item.requested })
                  : t('cart.soldOut')}
              </li>
            ))}
          </ul>
        </>
      )}
      {problem.hint && <p className="mt-3">{problem.hint}</p>}
    </div>
  );
}

type UnavailableLine = NonNullable<CheckoutProblem['unavailable']>[number];

function lineColor(item: UnavailableLine): string {
  return (item as UnavailableLine & { color?: string }).color ?? '';
}

/** "Rouge / Medium": the refused line's colour (its Arabic name on /ar, from the cart) and size. */
function variantText(item: UnavailableLine): string {
  const color = lineColor(item);
  const line = getCart().find((l) => l.id === item.product_id && sameColor(l.color, color));
  const colorText = color ? colorName({ name: color, name_ar: line?.color_ar }) : '';
  const sizeScale = getCart().find((l) => l.id === item.product_id && l.size === item.size)?.size_scale;
  const size = item.size ? sizeText(sizeScale, item.size) : '';
  return [colorText, size].filter(Boolean).join(' / ');
}
