import { useId, useState } from 'react';
import { discountUpdateSchema } from '@shop/domain/catalog-schemas';
import { productToast } from '../../../lib/toast.ts';
import { texts } from '../../../texts.ts';
import { useUpdateDiscount } from '../api/update-discount.ts';

/** Inline discount of a product row: saved on Enter or when leaving the field, refused outside 0-100. */
export function DiscountInput({
  productId,
  productName,
  value,
}: {
  productId: number;
  productName: string;
  value: number;
}) {
  const [draft, setDraft] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  const update = useUpdateDiscount();
  const errorId = useId();

  // The list reloaded with a new value: show it.
  if (seen !== value) {
    setSeen(value);
    setDraft(String(value));
  }

  function commit() {
    if (draft.trim() === String(value)) {
      setError(null);
      return;
    }
    const parsed = discountUpdateSchema.safeParse({ discount_percentage: draft.trim() === '' ? NaN : draft });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Discount must be between 0 and 100';
      setError(message);
      productToast.error(message);
      return;
    }
    setError(null);
    update.mutate(
      { id: productId, discount: parsed.data.discount_percentage },
      {
        onSuccess: () => productToast.success(texts.products.discountUpdated),
        onError: () => productToast.error(texts.products.discountFailed),
      },
    );
  }

  return (
    <div className="w-24">
      <div className="flex items-center gap-1">
        <input
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          value={draft}
          aria-label={`Discount of ${productName}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={update.isPending}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          className="w-16 rounded border border-slate-300 px-1.5 py-1 text-right text-sm tabular-nums aria-[invalid=true]:border-red-500"
        />
        <span className="text-xs text-slate-500">%</span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-0.5 text-[11px] leading-tight text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
