import { useEffect } from 'react';
import { SlipsPage } from '../features/slips/components/slips-page.tsx';

export function SlipsRoute() {
  useEffect(() => {
    document.title = 'Delivery slips · Admin';
  }, []);
  return <SlipsPage />;
}
