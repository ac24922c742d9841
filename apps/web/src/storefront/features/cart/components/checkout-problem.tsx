import { sizeLabel, t } from '../../../i18n/i18n.ts';
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
              <li key={`${item.product_id}-${item.size}`}>
                {item.name}
                {item.size && ` (${sizeLabel(item.size)})`} —{' '}
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
