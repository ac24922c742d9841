import { useEffect } from 'react';
import { CouponsPage } from '../features/coupons/components/coupons-page.tsx';

export function CouponsRoute() {
  useEffect(() => {
    document.title = 'Coupons · Admin';
  }, []);
  return <CouponsPage />;
}
