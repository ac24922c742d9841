// Printable delivery slips: four to an A4 page, each with the order number as a Code 128
// barcode, the customer, phone, wilaya and commune, home or stop desk, the sender, the items (a
// custom one with its colour) and the amount to collect. The slip travels with the parcel to the customer: its words are French; the page
// around it (buttons, notices) is the back office's English.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import JsBarcode from 'jsbarcode';
import { SLIPS_PER_PAGE, type Slip } from '@shop/domain/courier';
import { formatDa } from '@shop/domain/money';
import { lineText } from '@shop/domain/variants';
import { paths } from '../../../../lib/paths.ts';
import { Banner, ErrorState, Loading, buttonClass, formatDate } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useSlips } from '../api/get-slips.ts';
import { CourierLabelButton } from '../../couriers/components/order-courier.tsx';
import './slips.css';

/** "1,2,3" → [1, 2, 3]; anything else is dropped. */
export function idsFromParam(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)].slice(0, 500);
}

/** Slips grouped by page: four to an A4 sheet. */
export function pagesOf<T>(items: readonly T[], perPage = SLIPS_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current) {
      JsBarcode(ref.current, value, { format: 'CODE128', height: 48, width: 2, margin: 0, fontSize: 14 });
    }
  }, [value]);
  return (
    <svg
      ref={ref}
      className="slip-barcode"
      role="img"
      aria-label={`Code-barres de la commande ${value}`}
      data-barcode={value}
    />
  );
}

/**
 * The stop desk as it was when the courier's centre was chosen: its name and address, its number
 * small (the courier's staff search by it); an order sent before names were kept shows the number.
 */
function StopDesk({ slip }: { slip: Slip }) {
  if (!slip.stop_desk_id) return <>Pas encore choisi</>;
  if (!slip.stop_desk_name) return <>Centre n° {slip.stop_desk_id}</>;
  return (
    <>
      <span className="font-semibold">{slip.stop_desk_name}</span>
      {slip.stop_desk_address ? <span className="block">{slip.stop_desk_address}</span> : null}
      <span className="block text-xs text-slate-600">Centre n° {slip.stop_desk_id}</span>
    </>
  );
}

function SlipCard({ slip }: { slip: Slip }) {
  return (
    <article
      className="slip flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-4 text-sm text-slate-900"
      data-testid="slip"
      lang="fr"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-bold">Commande n° {slip.id}</p>
          <p className="text-xs text-slate-600">{formatDate(slip.created_at)}</p>
        </div>
        <p className="rounded border border-slate-900 px-2 py-0.5 text-xs font-bold uppercase">
          {slip.delivery_type === 'stop_desk' ? 'Stop desk' : 'À domicile'}
        </p>
      </div>
      <Barcode value={String(slip.id)} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600">Client</dt>
        <dd className="font-semibold break-words">{slip.customer_name}</dd>
        <dt className="text-slate-600">Téléphone</dt>
        <dd className="font-semibold tabular-nums">{slip.customer_phone}</dd>
        <dt className="text-slate-600">Wilaya</dt>
        {/* "68 Bou Saâda (28 M'Sila)" when the courier knows the wilaya by the one it was made from. */}
        <dd className="break-words">{slip.wilaya_label || slip.wilaya_name}</dd>
        {slip.commune ? (
          <>
            <dt className="text-slate-600">Commune</dt>
            <dd className="break-words">{slip.commune}</dd>
          </>
        ) : null}
        {slip.delivery_type === 'stop_desk' ? (
          <>
            <dt className="text-slate-600">Stop desk</dt>
            <dd className="break-words" data-testid="slip-stop-desk">
              <StopDesk slip={slip} />
            </dd>
          </>
        ) : null}
        {/* Home delivery, or an older order without a commune: the address says where. */}
        {slip.delivery_type === 'home' || !slip.commune ? (
          <>
            <dt className="text-slate-600">Adresse</dt>
            <dd className="break-words">{slip.address}</dd>
          </>
        ) : null}
        {slip.courier_account || slip.courier ? (
          <>
            <dt className="text-slate-600">Transporteur</dt>
            <dd className="break-words" data-testid="slip-courier">
              {slip.courier_account ?? slip.courier}
            </dd>
          </>
        ) : null}
        {slip.tracking_number ? (
          <>
            <dt className="text-slate-600">Suivi</dt>
            <dd className="tabular-nums">{slip.tracking_number}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Expéditeur</dt>
        <dd className="break-words" data-testid="slip-sender">
          {slip.sender_name} · <span className="tabular-nums">{slip.sender_phone}</span>
        </dd>
      </dl>
      <ul className="min-h-0 flex-1 overflow-hidden border-t border-slate-200 pt-1 text-xs">
        {slip.items.map((item, index) => (
          <li key={index} className="break-words">
            {item.quantity} × {lineText(item.name, item.color, item.size)}
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between border-t-2 border-slate-900 pt-1">
        <span className="font-medium">Montant à encaisser</span>
        <span className="text-xl font-bold tabular-nums" data-testid="slip-amount">
          {formatDa(slip.amount)}
        </span>
      </p>
    </article>
  );
}

export function SlipsPage() {
  const [params] = useSearchParams();
  const ids = idsFromParam(params.get('ids'));
  const slips = useSlips(ids);
  const found = slips.data ?? [];
  const missing = slips.data ? ids.filter((id) => !found.some((s) => s.id === id)) : [];
  const pages = pagesOf(found);

  return (
    <section className="slips-root">
      <div className="slips-screen-only mb-4 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold">{texts.slips.title}</h1>
        <Link to={paths.admin.orders} className={buttonClass('secondary')}>
          {texts.slips.back}
        </Link>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={found.length === 0}
          onClick={() => window.print()}
        >
          {texts.slips.print}
        </button>
        {found.length > 0 ? (
          <p className="w-full text-sm text-slate-600">{texts.slips.count(found.length, pages.length)}</p>
        ) : null}
      </div>
      {ids.length === 0 ? <p className="slips-screen-only text-sm text-slate-600">{texts.slips.none}</p> : null}
      {slips.isPending && ids.length > 0 ? <Loading /> : null}
      {slips.isError ? (
        <div className="slips-screen-only">
          <ErrorState message={texts.slips.failed} onRetry={() => void slips.refetch()} />
        </div>
      ) : null}
      {found.some((s) => s.label_pdf || s.label_url) ? (
        <div className="slips-screen-only mb-3 flex flex-wrap items-center gap-2" data-testid="courier-labels">
          <span className="text-sm font-medium">{texts.slips.courierLabels}</span>
          {found.map((s) =>
            s.label_pdf ? (
              <span key={s.id} className="inline-flex items-center gap-1 text-sm">
                #{s.id} <CourierLabelButton orderId={s.id} small />
              </span>
            ) : s.label_url ? (
              <a
                key={s.id}
                href={s.label_url}
                target="_blank"
                rel="noreferrer noopener"
                className={buttonClass('secondary', true)}
              >
                #{s.id} {texts.courier.openLabel}
              </a>
            ) : null,
          )}
        </div>
      ) : null}
      {missing.length > 0 ? (
        <div className="slips-screen-only mb-3">
          <Banner tone="error">{texts.slips.missing(missing)}</Banner>
        </div>
      ) : null}
      <div className="space-y-3 print:space-y-0">
        {pages.map((page, index) => (
          <div key={index} className="slip-page" data-testid="slip-page">
            {page.map((slip) => (
              <SlipCard key={slip.id} slip={slip} />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
