import { useCopy } from '../../../../lib/ui/use-copy.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { t } from '../../../i18n/i18n.ts';

/**
 * Where to send a custom order's advance payment (the owner's CCP, RIP and BaridiMob, set in the
 * back office), each with a copy button, and the order number to give as the payment reference.
 */
export function AdvancePayment({ orderNumber }: { orderNumber: number }) {
  const { data: settings } = useSettings();
  const { copied, copy } = useCopy();
  const payment = settings?.payment;
  const accounts: [key: string, label: string, value: string][] = [];
  if (payment?.ccp) accounts.push(['ccp', t('customOrder.payCcp'), payment.ccp]);
  if (payment?.rip) accounts.push(['rip', t('customOrder.payRip'), payment.rip]);
  if (payment?.baridimob) accounts.push(['baridimob', t('customOrder.payBaridimob'), payment.baridimob]);
  const reference = `#${orderNumber}`;

  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-start">
      <h2 className="font-bold">{t('customOrder.payTitle')}</h2>
      <p className="mt-1 text-sm text-neutral-700">{t('customOrder.payIntro')}</p>
      {accounts.length > 0 ? (
        <dl className="mt-4 flex flex-col gap-3">
          {accounts.map(([key, label, value]) => (
            <div key={key} className="flex flex-wrap items-center justify-between gap-2">
              <dt className="text-sm text-neutral-700">{label}</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <span className="font-mono font-semibold break-all" data-testid={`pay-${key}`}>
                  {value}
                </span>
                <button
                  type="button"
                  onClick={() => void copy(value.replace(/\s/g, ''), t('customOrder.payCopied', { what: label }))}
                  aria-label={t('customOrder.payCopy', { what: label })}
                  className="shrink-0 rounded-full border border-neutral-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-neutral-100"
                >
                  {t('customOrder.payCopyShort')}
                </button>
              </dd>
            </div>
          ))}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-amber-300 pt-3">
            <dt className="text-sm text-neutral-700">{t('customOrder.payReference')}</dt>
            <dd className="flex items-center gap-2">
              <span className="font-mono font-semibold">{reference}</span>
              <button
                type="button"
                onClick={() =>
                  void copy(reference, t('customOrder.payCopied', { what: t('customOrder.payReference') }))
                }
                aria-label={t('customOrder.payCopy', { what: t('customOrder.payReference') })}
                className="rounded-full border border-neutral-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-neutral-100"
              >
                {t('customOrder.payCopyShort')}
              </button>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-3 text-sm font-medium">{t('customOrder.payAskUs', { reference })}</p>
      )}
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-green-800">
        {copied}
      </p>
    </div>
  );
}
