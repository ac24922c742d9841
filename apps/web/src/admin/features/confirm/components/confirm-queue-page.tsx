import { useState, type ReactNode } from 'react';
import { Banner, ErrorState, Loading, PageHeader, buttonClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useUndoCall } from '../api/undo-call.ts';
import { useConfirmQueue } from '../api/get-confirm-queue.ts';
import { useShopSettings } from '../api/get-shop-settings.ts';
import { OrderCallCard } from './order-call-card.tsx';
import { useDeskUsers, useNextOrder } from '../api/desk-holds.ts';
import { useCan, useIdentity } from '../../../lib/access.tsx';

/**
 * The orders waiting for their confirmation call, one card each. Several agents share
 * it: "Next order" hands each one a different customer, whose card comes first, marked as theirs;
 * the others' cards say who is calling. The owner and managers hand orders to an agent.
 */
export function ConfirmQueuePage({ tabs }: { tabs?: ReactNode } = {}) {
  const queue = useConfirmQueue();
  const shop = useShopSettings();
  const me = useIdentity();
  const mayAssign = useCan('assign');
  const deskUsers = useDeskUsers(mayAssign);
  const next = useNextOrder();
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' | 'info'; undo?: Order } | null>(null);
  const undo = useUndoCall();
  const mine = (order: Order) => order.claim?.user_id === me.id;
  // Mine first (the order "next" gave me), the queue's own order otherwise.
  const orders = [...(queue.data ?? [])].sort((a, b) => Number(mine(b)) - Number(mine(a)));

  function takeNext() {
    setNotice(null);
    next.mutate(undefined, {
      onSuccess: ({ order, message }) => setNotice({ tone: order ? 'success' : 'info', text: message }),
      onError: (e) => {
        if (!sessionEnded(e)) setNotice({ tone: 'error', text: errorMessage(e, texts.confirm.nextFailed) });
      },
    });
  }

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
      {tabs}
      <p className="-mt-2 mb-3 text-sm text-slate-600">{texts.confirm.intro}</p>
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className={`${buttonClass('primary')} min-h-11 w-full sm:w-auto`}
          disabled={next.isPending}
          onClick={takeNext}
        >
          {next.isPending ? texts.confirm.nexting : texts.confirm.next}
        </button>
        <span className="text-xs text-slate-600">{texts.confirm.nextHint}</span>
      </div>
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
                deskUsers={deskUsers.data}
                onHold={(text, tone) => setNotice({ tone, text })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
