import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDa } from '@shop/domain/money';
import { splitCustomerAddress } from '@shop/domain/order-schemas';
import { REFUSAL_REASONS, type RefusalReason } from '@shop/domain/order-status';
import { paths } from '../../../../lib/paths.ts';
import { ConfirmationBadge, OrderFlags, Reputation } from '../../../components/order-facts.tsx';
import { buttonClass, Field, formatAge, formatDate, inputClass, parseServerDate } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useBlacklistPhone } from '../api/blacklist-phone.ts';
import { useRecordCall, type CallOutcome } from '../api/record-call.ts';
import { useAssignOrder, useReleaseOrder, type DeskUser } from '../api/desk-holds.ts';
import { useCan, useIdentity } from '../../../lib/access.tsx';
import { confirmationMessage, telHref, whatsAppHref } from './contact-links.ts';

type Panel = 'call_back' | 'refused' | 'blacklist' | null;

/** "2026-03-01T14:30" for a datetime-local input, in the phone's own time zone. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** What the owner saw saved, for the page's notice. */
function savedNotice(order: Order, sent: CallOutcome['outcome']): string {
  // The owner's limit of unanswered calls was reached: the server cancelled the order.
  if (sent === 'no_answer' && order.confirmation === 'refused') {
    return texts.confirm.saved.unreachable(order.id, order.call_attempts);
  }
  switch (order.confirmation) {
    case 'confirmed':
      return texts.confirm.saved.confirmed(order.id);
    case 'no_answer':
      return texts.confirm.saved.no_answer(order.id, order.call_attempts);
    case 'call_back':
      return texts.confirm.saved.call_back(order.id, formatDate(order.call_back_at));
    default:
      return texts.confirm.saved.refused(order.id);
  }
}

/**
 * One order waiting for its call, made to be used with a thumb: who, what, how much, the phone's
 * past orders, a tap to call or to write on WhatsApp, and a tap per outcome.
 */
export function OrderCallCard({
  order,
  shopName,
  now,
  onSaved,
  deskUsers,
  onHold,
}: {
  order: Order;
  shopName: string;
  /** When the queue was read (ms): ages and due call-backs are counted from it. */
  now: number;
  /** The page's notice, and the order as saved (its outcome may be undone from there). */
  onSaved: (notice: string, saved?: Order) => void;
  /** Who an order can be handed to, for those who may assign (else undefined). */
  deskUsers?: readonly DeskUser[] | undefined;
  /** The page's notice of a hold given back or an order assigned (an error when it failed). */
  onHold: (notice: string, tone: 'success' | 'error') => void;
}) {
  const id = useId();
  const record = useRecordCall();
  const me = useIdentity();
  const mayAssign = useCan('assign');
  const mayBlacklist = useCan('blacklist');
  const release = useReleaseOrder();
  const assign = useAssignOrder();
  const claim = order.claim;
  const mine = claim !== null && claim.user_id === me.id;
  // Another agent is on the phone with this customer: the outcome is theirs to record (the server
  // refuses it too); the owner and managers may still step in.
  const lockedOut = claim !== null && !mine && !mayAssign;
  const [panel, setPanel] = useState<Panel>(null);
  const [error, setError] = useState<string | null>(null);
  const [callBackAt, setCallBackAt] = useState('');
  const [reason, setReason] = useState<RefusalReason | ''>('');
  const [note, setNote] = useState('');
  const [blacklistReason, setBlacklistReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const blacklist = useBlacklistPhone();

  // mutateAsync, not mutate's callbacks: a confirmed card leaves the queue (and unmounts) before
  // they would run, and the page's notice must still be given.
  async function send(outcome: CallOutcome) {
    setError(null);
    try {
      const saved = await record.mutateAsync({ id: order.id, outcome });
      setPanel(null);
      onSaved(savedNotice(saved, outcome.outcome), saved);
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, texts.confirm.failedSave));
    }
  }

  function toggle(next: Exclude<Panel, null>) {
    setFieldError(null);
    setPanel((open) => (open === next ? null : next));
  }

  function submitCallBack(event: FormEvent) {
    event.preventDefault();
    const when = callBackAt ? new Date(callBackAt) : null;
    if (!when || Number.isNaN(when.getTime())) return setFieldError(texts.confirm.callBackRequired);
    void send({ outcome: 'call_back', call_back_at: when.toISOString() });
  }

  async function submitBlacklist(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await blacklist.mutateAsync({ phone: order.customer_phone, reason: blacklistReason.trim() });
      setPanel(null);
      onSaved(texts.confirm.blacklisted(order.customer_phone));
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, texts.confirm.blacklistFailed));
    }
  }

  function submitRefusal(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setFieldError(texts.confirm.reasonRequired);
    void send({ outcome: 'refused', reason, note: note.trim() });
  }

  function giveBack() {
    release.mutate(order.id, {
      onSuccess: (saved) => onHold(texts.confirm.released(saved.id), 'success'),
      onError: (e) => {
        if (!sessionEnded(e)) onHold(errorMessage(e, texts.confirm.assignFailed), 'error');
      },
    });
  }

  function handTo(value: string) {
    const userId = value === '' ? null : Number(value);
    assign.mutate(
      { id: order.id, userId },
      {
        onSuccess: (saved) =>
          onHold(
            saved.claim ? texts.confirm.assignedTo(saved.claim.username) : texts.confirm.released(saved.id),
            'success',
          ),
        onError: (e) => {
          if (!sessionEnded(e)) onHold(errorMessage(e, texts.confirm.assignFailed), 'error');
        },
      },
    );
  }

  const due = order.call_back_at !== null && parseServerDate(order.call_back_at).getTime() <= now;
  const { address } = splitCustomerAddress(order.customer_address);
  const titleId = `${id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm ${mine ? 'border-emerald-500 ring-2 ring-emerald-200' : 'border-slate-200'}`}
      data-testid={`call-card-${order.id}`}
    >
      {claim ? (
        <div
          className={`-mx-4 -mt-4 mb-3 flex items-center justify-between gap-2 rounded-t-lg px-4 py-2 text-sm font-medium ${
            mine ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'
          }`}
          data-testid={`holder-${order.id}`}
        >
          <span>
            {mine
              ? texts.confirm.yours
              : claim.expires_at === null
                ? texts.confirm.assignedTo(claim.username)
                : texts.confirm.heldBy(claim.username)}
          </span>
          {mine || mayAssign ? (
            <button
              type="button"
              className={buttonClass('secondary', true)}
              aria-label={texts.confirm.releaseLabel(order.id)}
              disabled={release.isPending}
              onClick={giveBack}
            >
              {texts.confirm.release}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          <span className="tabular-nums">#{order.id}</span> · {order.customer_name}
        </h2>
        <p className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{formatDa(order.final_total)}</p>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {texts.confirm.ordered(formatAge(order.created_at, new Date(now)))}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-500">{texts.confirm.deliveryTo}</dt>
        <dd className="min-w-0 break-words text-slate-900">
          {[order.wilaya_name, order.commune_name].filter(Boolean).join(' · ')}
        </dd>
        <dt className="text-slate-500">{texts.orders.delivery}</dt>
        <dd className="text-slate-900">{texts.orders.deliveryTypes[order.delivery_type]}</dd>
        {address ? (
          <>
            <dt className="text-slate-500">{texts.orders.address}</dt>
            <dd className="min-w-0 break-words text-slate-900">{address}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-sm break-words text-slate-800">{order.item_summary}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        {order.confirmation !== 'to_confirm' ? <ConfirmationBadge confirmation={order.confirmation} /> : null}
        <OrderFlags order={order} />
        <Reputation reputation={order.reputation} />
      </div>
      {order.call_attempts > 0 ? (
        <p className="mt-1 text-xs text-amber-800">
          {texts.confirm.attempts(order.call_attempts)}
          {order.last_call_at ? ` · ${texts.confirm.lastTried(formatAge(order.last_call_at, new Date(now)))}` : ''}
        </p>
      ) : null}
      {order.call_back_at ? (
        <p className={`mt-1 text-xs ${due ? 'font-semibold text-blue-800' : 'text-slate-700'}`}>
          {due ? `${texts.confirm.callBackDue} · ` : ''}
          {texts.confirm.callBackAt(formatDate(order.call_back_at))}
        </p>
      ) : null}

      <div className="mt-3 grid grid-cols-2 gap-2">
        <a
          href={telHref(order.customer_phone)}
          aria-label={texts.confirm.call(order.customer_phone)}
          className={`${buttonClass('secondary')} min-h-11 tabular-nums`}
        >
          {order.customer_phone}
        </a>
        <a
          href={whatsAppHref(order.customer_phone, confirmationMessage(order, shopName))}
          target="_blank"
          rel="noreferrer"
          aria-label={texts.confirm.whatsappLabel(order.customer_name)}
          className={`${buttonClass('outlineSuccess')} min-h-11`}
        >
          {texts.confirm.whatsapp}
        </a>
      </div>

      <div role="group" aria-label={texts.confirm.outcomes} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <button
          type="button"
          className={`${buttonClass('success')} min-h-11`}
          disabled={record.isPending || lockedOut}
          onClick={() => void send({ outcome: 'confirmed' })}
        >
          {texts.confirm.confirmed}
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} min-h-11`}
          disabled={record.isPending || lockedOut}
          onClick={() => void send({ outcome: 'no_answer' })}
        >
          {texts.confirm.noAnswer}
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} min-h-11`}
          aria-expanded={panel === 'call_back'}
          aria-controls={`${id}-call-back`}
          disabled={lockedOut}
          onClick={() => toggle('call_back')}
        >
          {texts.confirm.callBack}
        </button>
        <button
          type="button"
          className={`${buttonClass('outlineDanger')} min-h-11`}
          aria-expanded={panel === 'refused'}
          aria-controls={`${id}-refused`}
          disabled={lockedOut}
          onClick={() => toggle('refused')}
        >
          {texts.confirm.refused}
        </button>
      </div>

      {panel === 'call_back' ? (
        <form id={`${id}-call-back`} noValidate onSubmit={submitCallBack} className="mt-3 space-y-3">
          <Field id={`${id}-when`} label={texts.confirm.callBackWhen} error={fieldError ?? undefined}>
            <input
              id={`${id}-when`}
              type="datetime-local"
              className={inputClass}
              min={localInputValue(new Date(now))}
              value={callBackAt}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-when-error` : undefined}
              onChange={(e) => setCallBackAt(e.target.value)}
            />
          </Field>
          <button
            type="submit"
            className={`${buttonClass('primary')} min-h-11 w-full sm:w-auto`}
            disabled={record.isPending}
          >
            {texts.confirm.callBackSave}
          </button>
        </form>
      ) : null}

      {panel === 'refused' ? (
        <form id={`${id}-refused`} noValidate onSubmit={submitRefusal} className="mt-3 space-y-3">
          <Field id={`${id}-reason`} label={texts.confirm.reason} error={fieldError ?? undefined}>
            <select
              id={`${id}-reason`}
              className={inputClass}
              value={reason}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value as RefusalReason | '')}
            >
              <option value="">{texts.confirm.chooseReason}</option>
              {REFUSAL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {texts.desk.refusalReasons[r]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-note`} label={texts.confirm.note}>
            <textarea
              id={`${id}-note`}
              rows={2}
              maxLength={500}
              className={inputClass}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <button
            type="submit"
            className={`${buttonClass('danger')} min-h-11 w-full sm:w-auto`}
            disabled={record.isPending}
          >
            {texts.confirm.refuseSave}
          </button>
        </form>
      ) : null}

      {panel === 'blacklist' ? (
        <form id={`${id}-blacklist`} noValidate onSubmit={(e) => void submitBlacklist(e)} className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{texts.confirm.blacklistExplain(order.customer_phone)}</p>
          <Field id={`${id}-blacklist-reason`} label={texts.confirm.blacklistReason}>
            <input
              id={`${id}-blacklist-reason`}
              className={inputClass}
              maxLength={200}
              value={blacklistReason}
              onChange={(e) => setBlacklistReason(e.target.value)}
            />
          </Field>
          <button
            type="submit"
            className={`${buttonClass('danger')} min-h-11 w-full sm:w-auto`}
            disabled={blacklist.isPending}
          >
            {texts.confirm.blacklistSave}
          </button>
        </form>
      ) : null}

      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {mayAssign && deskUsers ? (
        <div className="mt-3">
          <label htmlFor={`${id}-assign`} className="mb-1 block text-xs font-medium text-slate-700">
            {texts.confirm.assign}
          </label>
          <select
            id={`${id}-assign`}
            className={inputClass}
            aria-label={texts.confirm.assignLabel(order.id)}
            value={claim?.expires_at === null ? String(claim.user_id) : ''}
            disabled={assign.isPending}
            onChange={(e) => handTo(e.target.value)}
          >
            <option value="">{texts.confirm.nobody}</option>
            {deskUsers.map((user) => (
              <option key={user.id} value={user.id}>
                {user.username}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <p className="mt-3 flex items-center justify-between gap-3">
        {mayBlacklist ? (
          <button
            type="button"
            className="text-sm font-medium text-red-700 underline"
            aria-expanded={panel === 'blacklist'}
            aria-controls={`${id}-blacklist`}
            onClick={() => toggle('blacklist')}
          >
            {texts.confirm.blacklist}
          </button>
        ) : (
          <span />
        )}
        <Link
          to={`${paths.admin.orders}?order=${order.id}`}
          className="text-sm font-medium text-slate-700 underline"
          aria-label={texts.confirm.detailsLabel(order.id)}
        >
          {texts.confirm.details}
        </Link>
      </p>
    </article>
  );
}
