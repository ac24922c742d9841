import { toCentimes, toDa } from '@shop/domain/money';
import { paths } from '../../../../lib/paths.ts';
import { imageUrl } from '../../../../lib/api.ts';
import { QuantityStepper } from '../../../../lib/ui/quantity-stepper.tsx';
import { Link } from 'react-router';
import { formatDa, localized, t } from '../../../i18n/i18n.ts';
import { colorName, sizeText } from '../../products/variants.ts';
import { CatalogText } from '../../../i18n/catalog-text.tsx';
import { useOrderLimits } from '../../settings/api/get-settings.ts';
import { isSoldOut, removeFromCart, setQuantity, type CartLine } from '../cart-store.ts';

export function CartLineItem({ line }: { line: CartLine }) {
  const { maxQuantityPerLine } = useOrderLimits();
  const name = localized(line.name, line.name_ar);
  const max = Math.min(line.max ?? Number.POSITIVE_INFINITY, maxQuantityPerLine);
  const size = line.size === '' ? t('cart.noSize') : sizeText(line.size_scale, line.size);
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <Link to={paths.product(line.id)} className="shrink-0 rounded-xl">
        <img
          src={imageUrl(line.src, 250)}
          alt={name}
          width={100}
          height={100}
          decoding="async"
          className="h-24 w-24 rounded-xl bg-[#f0eeed] object-cover md:h-32 md:w-32"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 font-bold break-words md:text-lg">
            <CatalogText fr={line.name} ar={line.name_ar} />
          </h2>
          <button
            type="button"
            onClick={() => removeFromCart(line)}
            aria-label={t('cart.remove', { name: name })}
            className="rounded p-1 text-red-600 hover:bg-red-50"
          >
            <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h1.5v-8H10zm3.5 0v8H15v-8h-1.5z" />
            </svg>
          </button>
        </div>
        <p className="text-sm text-neutral-600">
          {t('cart.size')}: <span className="text-neutral-900">{size}</span>
        </p>
        {line.color && (
          <p className="flex items-center gap-1.5 text-sm text-neutral-600" data-testid="line-color">
            <span>{`${t('cart.color')}: `}</span>
            {line.swatch && (
              <span
                aria-hidden="true"
                className="inline-block h-3.5 w-3.5 rounded-full border border-black/15"
                style={{ backgroundColor: line.swatch }}
              />
            )}
            <span className="text-neutral-900">{colorName({ name: line.color, name_ar: line.color_ar })}</span>
          </p>
        )}
        <p className="text-sm text-neutral-600">
          {t('cart.unitPrice')}: <span className="text-neutral-900">{formatDa(line.cost)}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
          {isSoldOut(line) ? (
            <span className="text-sm font-semibold text-red-700" data-testid="line-sold-out">
              {t('cart.lineSoldOut')}
            </span>
          ) : (
            <span className="text-lg font-bold md:text-xl" data-testid="line-total">
              <span className="sr-only">{t('cart.lineTotal')} : </span>
              {formatDa(toDa(toCentimes(line.cost) * line.Quantity))}
            </span>
          )}
          <QuantityStepper
            size="sm"
            value={line.Quantity}
            max={max}
            onChange={(q) => setQuantity(line, q)}
            label={`${t('product.quantity')} — ${name}`}
            decreaseLabel={t('product.decrease')}
            increaseLabel={t('product.increase')}
          />
        </div>
        {line.Quantity >= max && !isSoldOut(line) && (
          <p className="mt-1 text-end text-sm text-neutral-600">
            {max === line.max ? t('cart.stockCap', { n: max }) : t('cart.orderCap', { n: max })}
          </p>
        )}
      </div>
    </li>
  );
}
