// What the owner needs to know about the wilayas' divisions on the Shipping Prices page: how many
// wilayas are in force, when the next division comes (the 69 of 1 January 2027), how many wilayas
// have provisional fees to check, and what each switch did (its log).
import { texts } from '../../../texts.ts';
import { useWilayaDivisions } from '../api/get-wilaya-divisions.ts';

/** "1 Jan 2027, 00:00" on Algiers' clock, wherever the owner's browser is. */
function algiersTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Algiers',
  }).format(new Date(iso));
}

export function WilayaDivisionsPanel({ provisional }: { provisional: number }) {
  const divisions = useWilayaDivisions().data;
  if (!divisions) return null;
  const t = texts.shipping.divisions;
  return (
    <section aria-label={t.title} className="mb-4 rounded-md border border-slate-200 bg-white px-4 py-3 text-sm">
      <p>
        <span className="font-medium">{t.inForce(divisions.in_force.wilayas, divisions.in_force.id)}</span>{' '}
        <span className="text-slate-600">{t.setting(divisions.setting)}</span>
      </p>
      {divisions.next ? <p className="mt-1">{t.next(divisions.next.id, algiersTime(divisions.next.at))}</p> : null}
      {provisional > 0 ? (
        <p role="status" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
          {t.provisional(provisional)}
        </p>
      ) : null}
      {divisions.switches.map((change) => (
        <details key={change.division} className="mt-2">
          <summary className="cursor-pointer">{t.switched(change.division, algiersTime(change.switched_at))}</summary>
          <ul className="mt-1 list-disc ps-5 text-slate-700">
            {change.log.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
