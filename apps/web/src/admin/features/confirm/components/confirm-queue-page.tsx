import { useState } from 'react';
import { Banner, ErrorState, Loading, PageHeader } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useConfirmQueue } from '../api/get-confirm-queue.ts';
import { useShopSettings } from '../api/get-shop-settings.ts';
import { OrderCallCard } from './order-call-card.tsx';

/** The orders waiting for their confirmation call, one card each (issue 15). */
export function ConfirmQueuePage() {
  const queue = useConfirmQueue();
  const shop = useShopSettings();
  const [notice, setNotice] = useState<string | null>(null);
  const orders = queue.data ?? [];

  return (
    <section>
      <PageHeader title={texts.confirm.title}>
        {queue.data ? (
          <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-sm font-semibold text-white tabular-nums">
            {orders.length}
          </span>
        ) : null}
      </PageHeader>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{texts.confirm.intro}</p>
      {notice ? (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {queue.isError ? (
        <ErrorState message={texts.confirm.failed} retrying={queue.isFetching} onRetry={() => void queue.refetch()} />
      ) : queue.isPending ? (
        <Loading />
      ) : orders.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <p className="text-base font-semibold text-slate-900">{texts.confirm.empty}</p>
          <p className="mt-1 text-sm text-slate-600">{texts.confirm.emptyHint}</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCallCard
                order={order}
                shopName={shop.data?.shop_name ?? ''}
                now={queue.dataUpdatedAt}
                onSaved={setNotice}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
