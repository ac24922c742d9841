import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAlgerianPhone } from '@shop/domain/phone-number';
import { paths } from '../../../../lib/paths.ts';
import { CatalogText } from '../../../i18n/catalog-text.tsx';
import { formatDa, leftToRight, listSeparator, t } from '../../../i18n/i18n.ts';
import { colorName, sizeText } from '../../products/variants.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useWilayaName } from '../../shipping/wilayas.ts';
import { useCommuneName } from '../../shipping/communes.ts';
import type { PlacedLine, PlacedOrder } from '../confirmation-store.ts';

interface OrderConfirmationProps {
  title: string;
  intro?: string;
  order: PlacedOrder;
  paymentMode: string;
  deliveryEstimate: string;
  /** What comes before the follow-up (the custom order's advance payment details). */
  children?: ReactNode;
  onContinue: () => void;
  /** A second way on beside "Continuer vos achats" (the custom order's "Nouvelle commande personnalisée"). */
  again?: { label: string; onClick: () => void };
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 px-5 py-3 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-semibold break-words sm:text-end" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function LineItem({ line }: { line: PlacedLine }) {
  const details = [
    line.size ? sizeText(line.size_scale, line.size) : '',
    line.color ? colorName({ name: line.color, name_ar: line.color_ar }) : '',
  ].filter(Boolean);
  return (
    <li className="flex justify-between gap-4 px-5 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">
          <CatalogText fr={line.name} ar={line.name_ar} />
        </p>
        <p className="text-sm text-neutral-600">
          {details.length > 0 && `${details.join(' · ')} · `}
          {t('thankYou.quantity', { n: line.quantity })}
        </p>
      </div>
      <span className="font-semibold whitespace-nowrap">{formatDa(line.unitPrice * line.quantity)}</span>
    </li>
  );
}

/**
 * The thank-you screen of both checkouts (SPEC §2): order number, payment, delivery, what was
 * ordered with the figures charged, the number the shop will call, the address and total, then
 * how to follow the order, quoting its number.
 */
export function OrderConfirmation({
  title,
  intro,
  order,
  paymentMode,
  deliveryEstimate,
  children,
  onContinue,
  again,
}: OrderConfirmationProps) {
  const { data: settings } = useSettings();
  const wilaya = useWilayaName(order.wilaya);
  const commune = useCommuneName(order.wilaya, order.commune);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Each part as typed (often French on the Arabic storefront) set apart, joined by the page's commas.
  const addressParts = [order.address, commune, `${wilaya} ${order.zipCode}`].filter(Boolean);
  const whatsapp = settings?.whatsapp_url
    ? `${settings.whatsapp_url}?text=${encodeURIComponent(t('thankYou.whatsappMessage', { order: order.orderNumber }))}`
    : null;
  const discount = order.discount ?? 0;

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
        {order.phone && (
          <p className="mt-3 font-medium" data-testid="call-to-confirm">
            {t('thankYou.callToConfirm', { phone: leftToRight(formatAlgerianPhone(order.phone)) })}
          </p>
        )}
      </div>
      <dl className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 text-start">
        <Row label={t('thankYou.orderNumber')} testId="order-number">
          #{order.orderNumber}
        </Row>
        <Row label={t('thankYou.payment')}>{paymentMode}</Row>
        <Row label={t('thankYou.delivery')}>{deliveryEstimate}</Row>
        {order.deliveryType && (
          <Row label={t('thankYou.deliveryType')} testId="delivery-type">
            {t(`delivery.typeNames.${order.deliveryType}`)}
          </Row>
        )}
        <Row label={t('thankYou.address')} testId="delivery-address">
          {addressParts.map((part, i) => (
            <Fragment key={i}>
              {i > 0 && listSeparator()}
              <bdi>{part}</bdi>
            </Fragment>
          ))}
        </Row>
      </dl>
      {order.lines && order.lines.length > 0 && (
        <section aria-labelledby="thanks-items" className="rounded-2xl border border-neutral-200 text-start">
          <h2 id="thanks-items" className="px-5 pt-4 font-bold">
            {t('thankYou.items')}
          </h2>
          <ul className="divide-y divide-neutral-200" data-testid="ordered-lines">
            {order.lines.map((line, i) => (
              <LineItem key={i} line={line} />
            ))}
          </ul>
          <dl className="space-y-2 border-t border-neutral-200 px-5 py-4" data-testid="ordered-figures">
            {order.subtotal !== undefined && <Figure label={t('cart.subtotal')} value={formatDa(order.subtotal)} />}
            {discount > 0 && (
              <Figure
                label={t('cart.discount', { n: order.discountPercentage ?? 0 })}
                value={formatDa(-discount)}
                className="text-red-600"
              />
            )}
            {order.shippingFee !== undefined && (
              <Figure label={t('cart.shipping')} value={formatDa(order.shippingFee)} />
            )}
            <Figure
              label={t('thankYou.total')}
              value={formatDa(order.total)}
              className="text-lg"
              testId="order-total"
            />
          </dl>
        </section>
      )}
      {!(order.lines && order.lines.length > 0) && (
        <dl className="rounded-2xl border border-neutral-200 px-5 py-3 text-start">
          <Figure label={t('thankYou.total')} value={formatDa(order.total)} testId="order-total" />
        </dl>
      )}
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
              {t('thankYou.callUs', { phone: leftToRight(settings.phone) })}
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
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        {again && (
          <button
            type="button"
            onClick={again.onClick}
            className="rounded-full border border-neutral-300 px-8 py-4 font-medium hover:bg-neutral-100"
          >
            {again.label}
          </button>
        )}
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

function Figure({
  label,
  value,
  className = '',
  testId,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-semibold whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
