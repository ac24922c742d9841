import { useEffect } from 'react';
import { ConfirmQueuePage } from '../features/confirm/components/confirm-queue-page.tsx';

export function ConfirmRoute() {
  useEffect(() => {
    document.title = 'To confirm · Admin';
  }, []);
  return <ConfirmQueuePage />;
}
