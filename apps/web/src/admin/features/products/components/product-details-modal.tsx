import { ADMIN_LOW_STOCK_SIZE_BELOW } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import { SIZES, SIZE_STOCK_FIELDS } from '@shop/domain/sizes';
import { imageUrl } from '../../../../lib/api.ts';
import { Modal } from '../../../components/modal.tsx';
import { formatDate } from '../../../components/ui.tsx';
import type { Product } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { ColorDots } from './color-dots.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 text-slate-900">{children}</dd>
    </div>
  );
}

export function ProductDetailsModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const hasSizes = product.has_sizes ?? SIZES.some((s) => product[SIZE_STOCK_FIELDS[s]] > 0);
  // Colours, or a scale other than S-XXL: the stock per variant.
  const variantView =
    hasSizes &&
    (product.variants?.length ?? 0) > 0 &&
    ((product.colors?.length ?? 0) > 0 || (product.size_scale ?? 'letters') !== 'letters');
  return (
    <Modal title={`${texts.products.detailsTitle}: ${product.name}`} onClose={onClose} size="lg">
      {product.images.length > 0 ? (
        <ul data-scroll-x className="mb-4 flex gap-2 overflow-x-auto pb-1">
          {product.images.map((image) => (
            <li key={image.id} className="relative shrink-0">
              <img
                src={imageUrl(image.image_url)}
                alt={product.name}
                className="h-24 w-24 rounded-md border border-slate-200 object-cover"
              />
              {Number(image.is_primary) === 1 ? (
                <span className="absolute top-1 left-1 rounded bg-slate-900/80 px-1 text-[10px] text-white">
                  {texts.products.primary}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="divide-y divide-slate-100">
        {product.colors && product.colors.length > 0 ? (
          <Row label={texts.products.colors}>
            <ColorDots colors={product.colors} />
          </Row>
        ) : null}
        <Row label={texts.products.description}>{product.description || '—'}</Row>
        <Row label={texts.products.type}>{product.type_name ?? '—'}</Row>
        <Row label={texts.products.price}>{formatDa(product.price)}</Row>
        <Row label={texts.products.discount}>{product.discount_percentage}%</Row>
        <Row label={texts.products.finalPrice}>{formatDa(product.final_price)}</Row>
        <Row label={texts.products.stock}>{product.stock}</Row>
        <Row label={texts.products.rating}>
          {Number(product.average_rating).toFixed(1)}/5 ({product.total_ratings})
        </Row>
        <Row label={texts.products.created}>{formatDate(product.created_at)}</Row>
        <Row label={texts.products.updated}>{formatDate(product.updated_at)}</Row>
      </dl>
      {variantView ? (
        <VariantStock product={product} />
      ) : (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-700">{texts.products.sizeStock}</h3>
          {hasSizes ? (
            <ul className="grid grid-cols-5 gap-2">
              {SIZES.map((size) => {
                const stock = product[SIZE_STOCK_FIELDS[size]];
                const low = stock < ADMIN_LOW_STOCK_SIZE_BELOW;
                return (
                  <li
                    key={size}
                    data-low-stock={low || undefined}
                    className={`rounded-md border px-2 py-1.5 text-center ${low ? 'border-red-300 bg-red-50 text-red-700' : 'border-slate-200'}`}
                  >
                    <span className="block text-xs font-medium">{size}</span>
                    <span className="block text-sm font-semibold tabular-nums">{stock}</span>
                    {low ? <span className="block text-[10px]">{texts.products.lowStock}</span> : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{texts.products.noSizes}</p>
          )}
        </>
      )}
    </Modal>
  );
}

/**
 * The stock of every variant, a colour at a time (its swatch and name, then its sizes); a variant
 * under ADMIN_LOW_STOCK_SIZE_BELOW is marked, as a size is.
 */
function VariantStock({ product }: { product: Product }) {
  const variants = product.variants ?? [];
  const colors = product.colors && product.colors.length > 0 ? product.colors : null;
  const groups = colors
    ? colors.map((c) => ({
        key: c.id,
        name: c.name,
        swatch: c.swatch,
        variants: variants.filter((v) => v.color_id === c.id),
      }))
    : [{ key: 0, name: '', swatch: '', variants }];
  return (
    <>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-700">
        {colors ? texts.products.variantStock : texts.products.sizeStock}
      </h3>
      {groups.map((group) => (
        <section key={group.key} aria-label={group.name || texts.products.sizeStock} className="mb-3">
          {group.name ? (
            <p className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-900">
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full border border-slate-300"
                style={{ backgroundColor: group.swatch }}
              />
              {group.name}
            </p>
          ) : null}
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {group.variants.map((v) => {
              const low = v.stock < ADMIN_LOW_STOCK_SIZE_BELOW;
              return (
                <li
                  key={`${v.color_id}-${v.size}`}
                  data-low-stock={low || undefined}
                  aria-label={texts.products.variantLine(
                    [v.color, v.size_label].filter(Boolean).join(' / '),
                    v.stock,
                    low,
                  )}
                  className={`rounded-md border px-2 py-1.5 text-center ${low ? 'border-red-300 bg-red-50 text-red-700' : 'border-slate-200'}`}
                >
                  <span className="block text-xs font-medium">{v.size_label}</span>
                  <span className="block text-sm font-semibold tabular-nums">{v.stock}</span>
                  {low ? <span className="block text-[10px]">{texts.products.lowStock}</span> : null}
                  {v.price_diff ? (
                    <span className="block text-[10px] text-slate-600">{formatDa(v.final_price)}</span>
                  ) : null}
                  {v.sku ? <span className="block truncate text-[10px] text-slate-500">{v.sku}</span> : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
