import { useEffect } from 'react';
import { ReconciliationPage } from '../features/couriers/components/reconciliation-page.tsx';

export function ReconciliationRoute() {
  useEffect(() => {
    document.title = 'Courier cash · Admin';
  }, []);
  return <ReconciliationPage />;
}
