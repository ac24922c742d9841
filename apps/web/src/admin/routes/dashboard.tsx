import { useEffect } from 'react';
import { Dashboard } from '../features/dashboard/components/dashboard.tsx';

export function DashboardRoute() {
  useEffect(() => {
    document.title = 'Dashboard · Admin';
  }, []);
  return <Dashboard />;
}
