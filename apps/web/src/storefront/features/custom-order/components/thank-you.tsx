import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDa } from '@shop/domain/money';
import { paths } from '../../../../app/paths.ts';
import { texts } from '../texts.ts';

export interface PlacedOrder {
  orderId: number | string;
  /** Da */
  total: number;
  wilaya: string;
  address: string;
  zipCode: string;
}

export function ThankYou({ order, whatsappUrl }: { order: PlacedOrder; whatsappUrl: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, string][] = [
    [texts.orderNumber, `#${order.orderId}`],
    [texts.paymentMode, texts.paymentAdvance],
    [texts.deliveryEstimate, texts.deliveryEstimateValue],
    [texts.deliveryAddress, `${order.address}, ${order.wilaya} ${order.zipCode}`],
    [texts.total, formatDa(order.total)],
  ];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-8 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-black text-white" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="m5 13 4 4L19 7" />
        </svg>
      </div>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-black tracking-tight focus:outline-none">
        {texts.thankYouTitle}
      </h1>
      <p className="text-gray-600">{texts.thankYouBody}</p>
      <dl className="w-full divide-y divide-gray-200 rounded-2xl border border-gray-200 text-left">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:justify-between sm:gap-6">
            <dt className="text-sm text-gray-500">{label}</dt>
            <dd className="font-semibold break-words sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        {whatsappUrl ? (
          <a
            href={whatsappUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex flex-1 items-center justify-center rounded-full border border-black px-6 py-3 text-center font-medium hover:bg-gray-100"
          >
            {texts.contactUs}
          </a>
        ) : null}
        <Link
          to={paths.shop}
          className="inline-flex flex-1 items-center justify-center rounded-full bg-black px-6 py-3 text-center font-medium text-white hover:bg-gray-800"
        >
          {texts.continueShopping}
        </Link>
      </div>
    </section>
  );
}
