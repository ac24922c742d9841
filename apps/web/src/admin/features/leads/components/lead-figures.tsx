import { Link } from 'react-router';
import { useState, type FormEvent } from 'react';
import { paths } from '../../../../lib/paths.ts';
import { buttonClass, Field, inputClass } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/admin-request.ts';
import { useCan } from '../../../lib/access.tsx';
import { useLeadFigures, useLeadSettings, useSaveLeadSettings } from '../api/leads.ts';
import { leadTexts } from '../texts.ts';

/** The dashboard's abandoned checkouts over 30 days: leads, the orders the desk made, the rate. */
export function LeadFigures() {
  const figures = useLeadFigures();
  if (!figures.data) return null;
  const { leads, recovered, recovery_rate: rate } = figures.data;
  const items = [
    { label: leadTexts.figuresLeads, value: String(leads) },
    { label: leadTexts.figuresRecovered, value: String(recovered) },
    { label: leadTexts.figuresRate, value: rate === null ? '—' : `${Math.round(rate * 100)} %` },
  ];
  return (
    <section className="mt-6" aria-labelledby="lead-figures-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="lead-figures-title" className="text-lg font-semibold">
          {leadTexts.figuresTitle}
        </h2>
        <Link to={`${paths.admin.confirm}?tab=abandoned`} className="text-sm font-medium text-blue-700 underline">
          {leadTexts.tab}
        </Link>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-3" data-testid="lead-figures">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg border-l-4 border-orange-400 bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-600 uppercase">{item.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
      <LeadDelay />
    </section>
  );
}

/** The owner's delay before a checkout nobody ordered reaches the desk. */
function LeadDelay() {
  const mayChange = useCan('settings');
  const settings = useLeadSettings({ enabled: mayChange });
  const save = useSaveLeadSettings();
  const [typed, setTyped] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!mayChange || !settings.data) return null;
  const value = typed ?? String(settings.data.delay_minutes);

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { delay_minutes: Number(value) },
      {
        onSuccess: () => {
          setTyped(null);
          setMessage(leadTexts.delaySaved);
        },
        onError: (e) => setMessage(errorMessage(e, leadTexts.failedSave)),
      },
    );
  }

  return (
    <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={submit}>
      <Field id="lead-delay" label={leadTexts.delayLabel} error={undefined}>
        <input
          id="lead-delay"
          inputMode="numeric"
          className={`${inputClass} max-w-28`}
          value={value}
          onChange={(e) => setTyped(e.target.value)}
        />
      </Field>
      <button type="submit" className={`${buttonClass('secondary')} min-h-11`} disabled={save.isPending}>
        {leadTexts.delaySave}
      </button>
      {message ? (
        <span role="status" className="text-sm text-slate-700">
          {message}
        </span>
      ) : null}
    </form>
  );
}
