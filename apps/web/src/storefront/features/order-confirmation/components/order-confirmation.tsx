import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { formatDa, t } from '../../../i18n/i18n.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useWilayaName } from '../../shipping/wilayas.ts';
import { useCommuneName } from '../../shipping/communes.ts';
import type { PlacedOrder } from '../confirmation-store.ts';

interface OrderConfirmationProps {
  title: string;
  intro?: string;
  order: PlacedOrder;
  paymentMode: string;
  deliveryEstimate: string;
  /** What comes before the follow-up (the custom order's advance payment details). */
  children?: ReactNode;
  onContinue: () => void;
}

/**
 * The thank-you screen of both checkouts (SPEC §2): order number, payment, delivery, address and
 * total, then how to follow the order, quoting its number.
 */
export function OrderConfirmation({
  title,
  intro,
  order,
  paymentMode,
  deliveryEstimate,
  children,
  onContinue,
}: OrderConfirmationProps) {
  const { data: settings } = useSettings();
  const wilaya = useWilayaName(order.wilaya);
  const commune = useCommuneName(order.wilaya, order.commune);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, string, string?][] = [
    [t('thankYou.orderNumber'), `#${order.orderNumber}`, 'order-number'],
    [t('thankYou.payment'), paymentMode],
    [t('thankYou.delivery'), deliveryEstimate],
    ...(order.deliveryType
      ? [
          [t('thankYou.deliveryType'), t(`delivery.typeNames.${order.deliveryType}`), 'delivery-type'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    [
      t('thankYou.address'),
      [order.address, commune, `${wilaya} ${order.zipCode}`].filter(Boolean).join(', '),
      'delivery-address',
    ],
    [t('thankYou.total'), formatDa(order.total), 'order-total'],
  ];
  const whatsapp = settings?.whatsapp_url
    ? `${settings.whatsapp_url}?text=${encodeURIComponent(t('thankYou.whatsappMessage', { order: order.orderNumber }))}`
    : null;

  return (
    <section aria-labelledby="thanks-title" className="mx-auto flex max-w-xl flex-col gap-6 py-8 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24">
          <path d="M5 12.5l4.5 4.5L19 7.5" stroke="#15803d" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </div>
      <div>
        <h1 id="thanks-title" ref={heading} tabIndex={-1} className="text-3xl font-black focus:outline-none">
          {title}
        </h1>
        {intro && <p className="mt-2 text-neutral-600">{intro}</p>}
      </div>
      <dl className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 text-start">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex flex-col gap-0.5 px-5 py-3 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-semibold break-words sm:text-end" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <div className="rounded-2xl bg-neutral-50 p-5 text-start">
        <h2 className="font-bold">{t('thankYou.follow')}</h2>
        <p className="mt-1 text-sm text-neutral-700">{t('thankYou.followHow', { order: order.orderNumber })}</p>
        <Link
          to={paths.trackOrder(order.orderNumber, order.phone)}
          className="mt-4 block rounded-full bg-black px-4 py-3 text-center font-medium text-white hover:bg-neutral-800"
        >
          {t('thankYou.track')}
        </Link>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          {settings?.phone && (
            <a
              href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}
              className="flex-1 rounded-full border border-neutral-300 bg-white px-4 py-3 text-center font-medium hover:bg-neutral-100"
            >
              {t('thankYou.callUs', { phone: settings.phone })}
            </a>
          )}
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="flex-1 rounded-full bg-green-700 px-4 py-3 text-center font-medium text-white hover:bg-green-800"
            >
              {t('thankYou.contact')}
            </a>
          )}
        </div>
      </div>
      <div>
        <button
          type="button"
          onClick={onContinue}
          className="rounded-full bg-black px-10 py-4 font-medium text-white hover:bg-neutral-800"
        >
          {t('thankYou.continue')}
        </button>
      </div>
    </section>
  );
}
