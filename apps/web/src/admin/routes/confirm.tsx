import { useEffect } from 'react';
import { PageHeader } from '../components/ui.tsx';
import { texts } from '../texts.ts';
import { ConfirmQueuePage } from '../features/confirm/components/confirm-queue-page.tsx';
import { AbandonedLeads } from '../features/leads/components/abandoned-leads.tsx';
import { DeskTabs, useAbandonedTab } from '../features/leads/components/desk-tabs.tsx';

/** The desk: the orders to confirm, or (its second tab) the checkouts customers left. */
export function ConfirmRoute() {
  const [abandoned] = useAbandonedTab();
  useEffect(() => {
    document.title = 'To confirm · Admin';
  }, []);
  const tabs = <DeskTabs label={texts.confirm.title} />;
  if (!abandoned) return <ConfirmQueuePage tabs={tabs} />;
  return (
    <section>
      <PageHeader title={texts.confirm.title} />
      {tabs}
      <AbandonedLeads />
    </section>
  );
}
