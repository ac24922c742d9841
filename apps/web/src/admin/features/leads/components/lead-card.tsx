import { useId, useState, type FormEvent } from 'react';
import type { Lead } from '@shop/domain/checkout-drafts';
import { Banner, buttonClass, Field, formatAge, formatDate, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { telHref } from '../../confirm/components/contact-links.ts';
import { useCan, useIdentity } from '../../../lib/access.tsx';
import { useClaimLead, useLeadCall, useReleaseLead } from '../api/leads.ts';
import { leadTexts } from '../texts.ts';
import { CartLeadOrderForm } from './cart-lead-order-form.tsx';
import { CustomLeadOrderForm, customChoiceText } from './custom-lead-order-form.tsx';

type Panel = 'call_back' | 'order' | null;

/** "2026-03-01T14:30" for a datetime-local input, in the phone's own time zone. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * One abandoned checkout, made for a thumb: who, where, what was in the cart, a tap to call, a
 * tap per outcome, and "Create order" then "Place the order" to turn it into a real order.
 * Opening it (Call, Create order, Call back) holds it for this agent as an order of the desk is
 * held; the other agents see who is calling and cannot call, record an outcome or create the
 * order until the outcome, "Give back" or the hold's end. The owner and managers may step in.
 */
export function LeadCard({ lead, now, onSaved }: { lead: Lead; now: number; onSaved: (notice: string) => void }) {
  const id = useId();
  const call = useLeadCall();
  const claimLead = useClaimLead();
  const release = useReleaseLead();
  const me = useIdentity();
  const mayStepIn = useCan('assign');
  const claim = lead.claim;
  const mine = claim !== null && claim.user_id === me.id;
  // Another agent is on the phone with this customer: theirs to call and record (the server
  // refuses it too); the owner and managers may still step in.
  const lockedOut = claim !== null && !mine && !mayStepIn;
  const [panel, setPanel] = useState<Panel>(null);
  const [error, setError] = useState<string | null>(null);
  const [callBackAt, setCallBackAt] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const recovered = lead.order_id !== null;
  // A cart's lead is ordered as its cart; a custom page's with the pictures the customer sends.
  const custom = lead.checkout === 'custom';
  const OrderForm = custom ? CustomLeadOrderForm : CartLeadOrderForm;
  const orderable = custom || lead.lines.length > 0;
  const busy = call.isPending || lockedOut;

  /**
   * Holds the lead for me (or moves my hold on) as I open it; the dial is not held back for the
   * answer. Refused, the card says who took it (the list is read again) and the panel closes.
   */
  function hold() {
    if (claim !== null && !mine) return; // the owner or a manager stepping in takes no hold
    claimLead.mutate(lead.id, {
      onError: (e) => {
        setPanel(null);
        if (!sessionEnded(e)) setError(errorMessage(e, leadTexts.failedClaim));
      },
    });
  }

  function giveBack() {
    setError(null);
    release.mutate(lead.id, {
      onSuccess: () => onSaved(leadTexts.released(lead.customer_name)),
      onError: (e) => {
        if (!sessionEnded(e)) setError(errorMessage(e, leadTexts.failedSave));
      },
    });
  }

  async function record(outcome: 'no_answer' | 'not_interested') {
    setError(null);
    try {
      await call.mutateAsync({ id: lead.id, call: { outcome } });
      onSaved(leadTexts.saved[outcome](lead.customer_name));
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, leadTexts.failedSave));
    }
  }

  async function submitCallBack(event: FormEvent) {
    event.preventDefault();
    const when = callBackAt ? new Date(callBackAt) : null;
    if (!when || Number.isNaN(when.getTime())) return setFieldError(leadTexts.callBackRequired);
    setError(null);
    try {
      await call.mutateAsync({ id: lead.id, call: { outcome: 'call_back', call_back_at: when.toISOString() } });
      setPanel(null);
      onSaved(leadTexts.saved.call_back(lead.customer_name, formatDate(when.toISOString())));
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, leadTexts.failedSave));
    }
  }

  function toggle(next: Exclude<Panel, null>) {
    setFieldError(null);
    if (next === 'call_back' && !callBackAt) setCallBackAt(localInputValue(new Date(now + 3_600_000)));
    if (panel !== next) hold();
    setPanel((open) => (open === next ? null : next));
  }

  const titleId = `${id}-title`;
  const place = [lead.commune, lead.wilaya].filter(Boolean).join(', ');
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm ${
        recovered ? 'border-emerald-400' : mine ? 'border-emerald-500 ring-2 ring-emerald-200' : 'border-slate-200'
      }`}
      data-testid={`lead-card-${lead.id}`}
    >
      {claim && !recovered ? (
        <div
          className={`-mx-4 -mt-4 mb-3 flex items-center justify-between gap-2 rounded-t-lg px-4 py-2 text-sm font-medium ${
            mine ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'
          }`}
          data-testid={`lead-holder-${lead.id}`}
        >
          <span>{mine ? leadTexts.yours : leadTexts.heldBy(claim.username)}</span>
          {mine || mayStepIn ? (
            <button
              type="button"
              className={buttonClass('secondary', true)}
              aria-label={leadTexts.releaseLabel(lead.customer_name)}
              disabled={release.isPending}
              onClick={giveBack}
            >
              {leadTexts.release}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {lead.customer_name}
        </h2>
        {lockedOut ? (
          <span className="shrink-0 text-base font-semibold text-slate-700 tabular-nums">{lead.customer_phone}</span>
        ) : (
          <a
            href={telHref(lead.customer_phone)}
            className="shrink-0 text-base font-semibold text-blue-700 tabular-nums underline"
            onClick={recovered ? undefined : hold}
          >
            {lead.customer_phone}
          </a>
        )}
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {leadTexts.left(formatAge(lead.updated_at, new Date(now)))}
        {place ? ` · ${place}` : ''}
      </p>
      {custom ? (
        <p className="mt-2 text-sm text-slate-800">
          {customChoiceText(lead.custom ?? { clothing_type: '', item_id: null, item_name: null, color: '', size: '' })}
        </p>
      ) : lead.lines.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{leadTexts.noLines}</p>
      ) : (
        <ul className="mt-2 text-sm text-slate-800">
          {lead.lines.map((line) => {
            // The cart line's colour beside its size ("Rouge / M"), when the server sends one (ADR 036).
            const color = 'color' in line && typeof line.color === 'string' ? line.color : '';
            const variant = [color, line.size].filter(Boolean).join(' / ');
            return (
              <li key={`${line.product_id}-${color}-${line.size}`}>
                {line.quantity} × {line.product_name ?? `#${line.product_id}`}
                {variant ? ` (${variant})` : ''}
              </li>
            );
          })}
        </ul>
      )}
      {!recovered && lead.call_state === 'no_answer' ? (
        <p className="mt-2 text-xs font-medium text-amber-800">{leadTexts.attempts(lead.call_attempts)}</p>
      ) : null}
      {!recovered && lead.call_state === 'call_back' && lead.call_back_at ? (
        <p className="mt-2 text-xs font-medium text-blue-800">{leadTexts.callBackAt(formatDate(lead.call_back_at))}</p>
      ) : null}
      {error ? (
        <div className="mt-3">
          <Banner tone="error" onClose={() => setError(null)}>
            {error}
          </Banner>
        </div>
      ) : null}
      {recovered ? (
        <p className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900">
          {leadTexts.recovered(lead.order_id ?? 0)}
        </p>
      ) : (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {lockedOut ? (
            <button type="button" className={`${buttonClass('secondary')} min-h-11`} disabled>
              {leadTexts.call}
            </button>
          ) : (
            <a
              href={telHref(lead.customer_phone)}
              className={`${buttonClass('secondary')} min-h-11 justify-center`}
              onClick={hold}
            >
              {leadTexts.call}
            </a>
          )}
          {orderable ? (
            <button
              type="button"
              className={`${buttonClass('primary')} min-h-11`}
              disabled={busy}
              aria-expanded={panel === 'order'}
              onClick={() => toggle('order')}
            >
              {leadTexts.createOrder}
            </button>
          ) : null}
          <button
            type="button"
            className={`${buttonClass('secondary')} min-h-11`}
            disabled={busy}
            onClick={() => void record('no_answer')}
          >
            {leadTexts.noAnswer}
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} min-h-11`}
            disabled={busy}
            aria-expanded={panel === 'call_back'}
            onClick={() => toggle('call_back')}
          >
            {leadTexts.callBack}
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} min-h-11`}
            disabled={busy}
            onClick={() => void record('not_interested')}
          >
            {leadTexts.notInterested}
          </button>
        </div>
      )}
      {panel === 'call_back' && !recovered ? (
        <form className="mt-3 flex flex-col gap-2" onSubmit={(e) => void submitCallBack(e)}>
          <Field id={`${id}-when`} label={leadTexts.callBackLabel} error={fieldError ?? undefined}>
            <input
              id={`${id}-when`}
              type="datetime-local"
              className={inputClass}
              value={callBackAt}
              onChange={(e) => setCallBackAt(e.target.value)}
            />
          </Field>
          <button type="submit" className={`${buttonClass('primary')} min-h-11`} disabled={busy}>
            {leadTexts.saveCallBack}
          </button>
        </form>
      ) : null}
      {panel === 'order' && !recovered ? (
        <OrderForm
          lead={lead}
          disabled={lockedOut}
          onCancel={() => setPanel(null)}
          onPlaced={(order) => {
            setPanel(null);
            onSaved(leadTexts.placed(order.order_id, order.total));
          }}
        />
      ) : null}
    </article>
  );
}
