import { formatDa } from '@shop/domain/money';
import { REGULAR_DELIVERY_ESTIMATE } from '@shop/domain/constants';
import { t } from '../../../texts.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import type { CompletedOrder } from '../checkout.ts';

export function ThankYou({ order, onContinue }: { order: CompletedOrder; onContinue: () => void }) {
  const { data: settings } = useSettings();
  return (
    <section aria-labelledby="thanks-title" className="mx-auto max-w-xl py-10 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24">
          <path d="M5 12.5l4.5 4.5L19 7.5" stroke="#15803d" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </div>
      <h1 id="thanks-title" className="mt-5 text-3xl font-black">
        {t.thankYou.title}
      </h1>
      <dl className="mt-8 space-y-3 rounded-2xl border border-neutral-200 p-6 text-left">
        <Item label={t.thankYou.orderNumber} value={`#${order.orderNumber}`} testId="order-number" />
        <Item label={t.thankYou.payment} value={t.thankYou.paymentMode} />
        <Item label={t.thankYou.delivery} value={REGULAR_DELIVERY_ESTIMATE} />
        <Item label={t.thankYou.address} value={`${order.address}, ${order.wilaya} ${order.zipCode}`} />
        <Item label={t.thankYou.total} value={formatDa(order.total)} />
      </dl>
      {settings?.whatsapp_url && (
        <a
          href={settings.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-block rounded text-green-700 underline"
        >
          {t.thankYou.contact}
        </a>
      )}
      <div>
        <button
          type="button"
          onClick={onContinue}
          className="mt-6 rounded-full bg-black px-10 py-4 font-medium text-white hover:bg-neutral-800"
        >
          {t.thankYou.continue}
        </button>
      </div>
    </section>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-semibold sm:text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
