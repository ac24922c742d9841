import { useState } from 'react';
import { Banner, ErrorState, Loading, PageHeader, buttonClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useUndoCall } from '../api/undo-call.ts';
import { useConfirmQueue } from '../api/get-confirm-queue.ts';
import { useShopSettings } from '../api/get-shop-settings.ts';
import { OrderCallCard } from './order-call-card.tsx';

/** The orders waiting for their confirmation call, one card each (issue 15). */
export function ConfirmQueuePage() {
  const queue = useConfirmQueue();
  const shop = useShopSettings();
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error'; undo?: Order } | null>(null);
  const undo = useUndoCall();
  const orders = queue.data ?? [];

  /** A mis-tapped outcome is put back from the notice that says it was saved. */
  function undoLast(order: Order) {
    undo.mutate(order.id, {
      onSuccess: (saved) => setNotice({ tone: 'success', text: texts.orders.undone(saved.id) }),
      onError: (e) => {
        if (!sessionEnded(e)) setNotice({ tone: 'error', text: errorMessage(e, texts.orders.undoFailed) });
      },
    });
  }

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
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
          {notice.undo?.undoable_call ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} ml-2 py-1`}
              disabled={undo.isPending}
              onClick={() => notice.undo && undoLast(notice.undo)}
            >
              {texts.confirm.undo}
            </button>
          ) : null}
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
                onSaved={(text, saved) => setNotice({ tone: 'success', text, undo: saved })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
