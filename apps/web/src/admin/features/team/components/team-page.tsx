// What each agent delivers over a period (this month by default): calls, confirmation rate, what
// became of the orders they confirmed, their commission; and the month's commissions as a CSV.
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDa } from '@shop/domain/money';
import { ROLE_LABELS, type AgentFigures } from '@shop/domain/staff';
import { paths } from '../../../../lib/paths.ts';
import {
  Banner,
  DataTable,
  ErrorState,
  Field,
  Loading,
  PageHeader,
  buttonClass,
  inputClass,
} from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useCan } from '../../../lib/access.tsx';
import { texts } from '../../../texts.ts';
import { useFigures } from '../api/get-figures.ts';
import { downloadCommissions } from '../api/download-commissions.ts';

function rate(value: number | null): string {
  return value === null ? texts.team.noRate : `${Math.round(value * 100)}%`;
}

/** A count and, below it, its rate. */
function CountAndRate({ count, share }: { count: number; share: number | null }) {
  return (
    <span className="tabular-nums">
      {count}
      <span className="ml-1 text-xs text-slate-600">({rate(share)})</span>
    </span>
  );
}

export function TeamPage() {
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const figures = useFigures(from, to);
  const manageUsers = useCan('users');

  async function download() {
    setError(null);
    setDownloading(true);
    try {
      await downloadCommissions(month);
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, texts.team.downloadFailed));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section>
      <PageHeader title={texts.team.title}>
        {manageUsers ? (
          <Link to={paths.admin.users} className={buttonClass('secondary')}>
            {texts.team.manageUsers}
          </Link>
        ) : null}
      </PageHeader>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{texts.team.intro}</p>
      <div className="mb-4 grid grid-cols-2 gap-2 sm:max-w-md">
        <Field id="team-from" label={texts.team.from}>
          <input
            id="team-from"
            type="date"
            className={inputClass}
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </Field>
        <Field id="team-to" label={texts.team.to}>
          <input
            id="team-to"
            type="date"
            className={inputClass}
            value={to}
            min={from}
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </Field>
      </div>
      {figures.isError ? (
        <ErrorState message={texts.team.failed} retrying={figures.isFetching} onRetry={() => void figures.refetch()} />
      ) : figures.isPending ? (
        <Loading />
      ) : (
        <DataTable<AgentFigures>
          label={texts.team.table}
          rows={figures.data.agents}
          rowKey={(agent) => agent.user_id}
          rowTestId={(agent) => `figures-${agent.username}`}
          empty={texts.team.empty}
          columns={[
            {
              header: texts.team.agent,
              className: 'font-medium',
              cell: (agent) => (
                <span>
                  {agent.username}
                  <span className="block text-xs font-normal text-slate-600">
                    {ROLE_LABELS[agent.role]}
                    {agent.disabled ? ` · ${texts.team.disabled}` : ''}
                  </span>
                </span>
              ),
            },
            { header: texts.team.calls, className: 'tabular-nums', cell: (agent) => agent.calls },
            {
              header: texts.team.confirmed,
              cell: (agent) => <CountAndRate count={agent.confirmed} share={agent.confirmation_rate} />,
            },
            { header: texts.team.confirmedOrders, className: 'tabular-nums', cell: (agent) => agent.confirmed_orders },
            {
              header: texts.team.delivered,
              cell: (agent) => <CountAndRate count={agent.delivered} share={agent.delivery_rate} />,
            },
            {
              header: texts.team.returned,
              cell: (agent) => <CountAndRate count={agent.returned} share={agent.return_rate} />,
            },
            {
              header: texts.team.commission,
              end: true,
              cell: (agent) => (
                <span className="tabular-nums">
                  <span className="font-semibold">{formatDa(agent.commission)}</span>
                  <span className="block text-xs text-slate-600">
                    {texts.team.commissionDetail(agent.delivered_in_period, formatDa(agent.commission_per_delivery))}
                  </span>
                </span>
              ),
            },
          ]}
        />
      )}
      <div className="mt-5 flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <Field id="team-month" label={texts.team.month}>
          <input
            id="team-month"
            type="month"
            className={inputClass}
            value={month}
            max={today.slice(0, 7)}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </Field>
        <button
          type="button"
          className={`${buttonClass('primary')} w-full sm:w-auto`}
          disabled={downloading}
          onClick={() => void download()}
        >
          {texts.team.download}
        </button>
      </div>
      {error ? (
        <div className="mt-3">
          <Banner tone="error" onClose={() => setError(null)}>
            {error}
          </Banner>
        </div>
      ) : null}
    </section>
  );
}
