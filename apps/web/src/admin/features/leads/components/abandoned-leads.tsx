import { useState } from 'react';
import { Banner, ErrorState, Loading } from '../../../components/ui.tsx';
import { useLeads } from '../api/leads.ts';
import { leadTexts } from '../texts.ts';
import { LeadCard } from './lead-card.tsx';
import { DEFAULT_LEAD_DELAY_MINUTES } from '@shop/domain/checkout-drafts';

/** The desk's "Abandoned" tab: the checkouts customers left, to call and turn into orders. */
export function AbandonedLeads() {
  const leads = useLeads();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">{leadTexts.intro}</p>
      {notice ? (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {leads.isError ? (
        <ErrorState message={leadTexts.failed} retrying={leads.isFetching} onRetry={() => void leads.refetch()} />
      ) : leads.isPending ? (
        <Loading />
      ) : leads.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <p className="text-base font-semibold text-slate-900">{leadTexts.empty}</p>
          <p className="mt-1 text-sm text-slate-600">{leadTexts.emptyHint(DEFAULT_LEAD_DELAY_MINUTES)}</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {leads.data.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} now={leads.dataUpdatedAt} onSaved={setNotice} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
