import { useEffect } from 'react';
import { ShippingPage } from '../features/shipping/components/shipping-page.tsx';

export function ShippingPricesRoute() {
  useEffect(() => {
    document.title = 'Shipping Prices · Admin';
  }, []);
  return <ShippingPage />;
}
