import { ADMIN_LOW_STOCK_SIZE_BELOW } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import { SIZES, SIZE_STOCK_FIELDS } from '@shop/domain/sizes';
import { imageUrl } from '../../../../lib/api.ts';
import { Modal } from '../../../components/modal.tsx';
import { formatDate } from '../../../components/ui.tsx';
import type { Product } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';

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
    </Modal>
  );
}
