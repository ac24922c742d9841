import { useState, type FormEvent } from 'react';
import { shippingAdjustSchema, wilayasChangedBy, type ShippingAdjust } from '@shop/domain/shipping-schemas';
import type { ShippingPrice } from '@shop/domain/shipping-responses';
import { parseAmount } from '@shop/domain/common-schemas';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import { Banner, Field, buttonClass, inputClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useAdjustShippingPrices } from '../api/adjust-shipping-prices.ts';

const t = texts.shipping;

/** "+100 Da", "-12.5 %": the change as the confirmation says it. */
function describeChange(adjust: ShippingAdjust): string {
  const sign = adjust.value > 0 ? '+' : '';
  return `${sign}${adjust.value}${adjust.mode === 'amount' ? ' Da' : ' %'}`;
}

/**
 * Every wilaya's home and/or stop desk price changed by an amount or a percentage, applied only
 * after a confirmation that says what will change and how many wilayas (those that have such a
 * fee, as the server counts them); nothing is sent when none would change.
 */
export function AdjustPricesModal({
  wilayas,
  onClose,
  onDone,
}: {
  wilayas: readonly ShippingPrice[];
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const adjust = useAdjustShippingPrices();
  const [mode, setMode] = useState<ShippingAdjust['mode']>('amount');
  const [applyTo, setApplyTo] = useState<ShippingAdjust['apply_to']>('both');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<ShippingAdjust | null>(null);

  function review(event: FormEvent) {
    event.preventDefault();
    const amount = parseAmount(value);
    if (amount === null || amount === undefined) {
      setError(t.adjustValueInvalid);
      return;
    }
    const parsed = shippingAdjustSchema.safeParse({ mode, value: amount, apply_to: applyTo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.adjustValueInvalid);
      return;
    }
    setError(null);
    setPending(parsed.data);
  }

  async function apply(change: ShippingAdjust) {
    setFailure(null);
    try {
      await adjust.mutateAsync(change);
      onDone(t.adjusted(wilayasChangedBy(wilayas, change)));
    } catch (err) {
      setPending(null);
      if (!sessionEnded(err)) setFailure(errorMessage(err, t.adjustFailed));
    }
  }

  const radio = 'h-4 w-4 accent-slate-900';
  // The confirmation replaces the form while it is open; cancelling it brings the form back as it was.
  const changing = pending ? wilayasChangedBy(wilayas, pending) : 0;
  if (pending && changing === 0) {
    return (
      <Modal
        title={t.adjustNothingTitle}
        onClose={() => setPending(null)}
        size="sm"
        footer={
          <button type="button" className={buttonClass('secondary')} onClick={() => setPending(null)} data-autofocus>
            {t.adjustBack}
          </button>
        }
      >
        <p className="text-sm text-slate-700">{t.adjustNothing(t.adjustTargets[pending.apply_to])}</p>
      </Modal>
    );
  }
  if (pending) {
    return (
      <ConfirmDialog
        title={t.adjustConfirmTitle}
        message={t.adjustConfirm(describeChange(pending), t.adjustTargets[pending.apply_to], changing, wilayas.length)}
        confirmLabel={t.adjustConfirmLabel(changing)}
        busy={adjust.isPending}
        onConfirm={() => void apply(pending)}
        onCancel={() => setPending(null)}
      />
    );
  }
  return (
    <Modal
      title={t.adjustTitle}
      onClose={onClose}
      size="sm"
      footer={
        <FormModalFooter
          formId="adjust-form"
          onCancel={onClose}
          submitting={adjust.isPending}
          submitLabel={t.adjustSubmit}
        />
      }
    >
      <form id="adjust-form" noValidate onSubmit={review} className="space-y-4">
        <p className="text-sm text-slate-600">{t.adjustIntro}</p>
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t.adjustMode}</legend>
          <div className="flex flex-wrap gap-4">
            {(['amount', 'percent'] as const).map((m) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="adjust-mode"
                  className={radio}
                  checked={mode === m}
                  onChange={() => setMode(m)}
                />
                {m === 'amount' ? t.adjustAmount : t.adjustPercent}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id="adjust-value" label={t.adjustValue} error={error ?? undefined} hint={t.adjustValueHint}>
          <input
            id="adjust-value"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            value={value}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t.adjustApplyTo}</legend>
          <div className="flex flex-col">
            {(['home', 'stop_desk', 'both'] as const).map((target) => (
              <label key={target} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="adjust-apply-to"
                  className={radio}
                  checked={applyTo === target}
                  onChange={() => setApplyTo(target)}
                />
                {target === 'home' ? t.adjustHome : target === 'stop_desk' ? t.adjustStopDesk : t.adjustBoth}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
