import { useEffect } from 'react';
import { CustomItemsPage } from '../features/custom-items/components/custom-items-page.tsx';

export function CustomOrderTypesRoute() {
  useEffect(() => {
    document.title = 'Custom Order Items · Admin';
  }, []);
  return <CustomItemsPage />;
}
