import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Loading } from '../components/ui.tsx';
import { useConfirmQueue } from '../features/confirm/api/get-confirm-queue.ts';
import { Dashboard } from '../features/dashboard/components/dashboard.tsx';
import { LeadFigures } from '../features/leads/components/lead-figures.tsx';
import { markStartPageDecided, startPageDecided } from '../lib/start-page.ts';

/** The dashboard, or, right after signing in while orders wait for their call, the desk. */
export function DashboardRoute() {
  const [landing] = useState(() => !startPageDecided());
  const queue = useConfirmQueue({ enabled: landing });
  useEffect(() => {
    markStartPageDecided();
    document.title = 'Dashboard · Admin';
  }, []);
  if (landing && queue.isPending) return <Loading />;
  if (landing && (queue.data?.length ?? 0) > 0) return <Navigate to={paths.admin.confirm} replace />;
  return (
    <>
      <Dashboard />
      <LeadFigures />
    </>
  );
}
