import { useEffect } from 'react';
import { OrdersPage } from '../features/orders/components/orders-page.tsx';

export function OrdersRoute() {
  useEffect(() => {
    document.title = 'Orders · Admin';
  }, []);
  return <OrdersPage />;
}
