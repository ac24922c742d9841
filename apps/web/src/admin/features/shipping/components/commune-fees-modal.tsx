// A wilaya's communes priced apart: each with its own fees, which the admin may remove
// (the commune then costs the wilaya's fees). The list is read from the shipping prices, so it
// follows a removal at once.
import { useState } from 'react';
import { formatDa } from '@shop/domain/money';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { Modal } from '../../../components/modal.tsx';
import { Banner, buttonClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useShippingPrices } from '../api/get-shipping-prices.ts';
import { useDeleteCommuneFee } from '../api/delete-commune-fee.ts';

export function CommuneFeesModal({ wilayaId, onClose }: { wilayaId: number; onClose: () => void }) {
  const t = texts.shipping;
  const wilaya = useShippingPrices().data?.find((p) => p.id === wilayaId);
  const remove = useDeleteCommuneFee();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  /** The commune whose removal is being asked, in its own row (this is already a dialog). */
  const [asking, setAsking] = useState<string | null>(null);
  const communes = wilaya?.communes ?? [];

  function onRemove(commune: string) {
    setAsking(null);
    if (!wilaya) return;
    setMessage(null);
    remove.mutate(
      { id: wilaya.id, commune },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t.communeRemoved(commune) }),
        onError: (error) => {
          if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, t.communeRemoveFailed) });
        },
      },
    );
  }

  const fee = (own: number | null) =>
    own === null ? <span className="text-slate-500">{t.wilayaFee}</span> : formatDa(own);
  return (
    <Modal
      title={t.communesTitle(wilaya?.wilaya_name ?? '')}
      onClose={onClose}
      footer={
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          {texts.common.close}
        </button>
      }
    >
      <div className="space-y-3" data-testid="commune-fees">
        {message ? (
          <Banner tone={message.tone} onClose={() => setMessage(null)}>
            {message.text}
          </Banner>
        ) : null}
        <p className="text-sm text-slate-700">{t.communesIntro}</p>
        {wilaya ? (
          <p className="text-sm text-slate-700">
            {wilaya.wilaya_name}: {t.homeColumn} {formatDa(wilaya.price)} · {t.stopDeskPrice}{' '}
            {wilaya.stop_desk_price === null ? t.noStopDesk : formatDa(wilaya.stop_desk_price)}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t.communeColumn}>
          {communes.map((c) => (
            <li key={c.name} className="flex items-center gap-3 px-3 py-2" data-testid={`commune-fee-${c.name}`}>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{c.name}</p>
                <p className="text-sm text-slate-700 tabular-nums">
                  {t.homeColumn}: {fee(c.price)} · {t.stopDeskPrice}: {fee(c.stop_desk_price)}
                </p>
              </div>
              {asking === c.name ? (
                <span
                  className="flex flex-wrap items-center justify-end gap-1.5"
                  role="group"
                  aria-label={t.removeCommune}
                >
                  <span className="w-full text-right text-xs text-slate-700">
                    {t.confirmRemoveCommune(c.name, wilaya?.wilaya_name ?? '')}
                  </span>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => setAsking(null)}>
                    {texts.common.cancel}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('danger', true)}
                    disabled={remove.isPending}
                    onClick={() => onRemove(c.name)}
                  >
                    {t.removeCommuneConfirm}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className={buttonClass('danger', true)}
                  aria-label={`${t.removeCommune} ${c.name}`}
                  disabled={remove.isPending}
                  onClick={() => setAsking(c.name)}
                >
                  {t.removeCommune}
                </button>
              )}
            </li>
          ))}
          {communes.length === 0 ? <li className="px-3 py-4 text-sm text-slate-600">{t.communesNone}</li> : null}
        </ul>
      </div>
    </Modal>
  );
}
