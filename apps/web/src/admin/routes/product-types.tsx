import { useEffect } from 'react';
import { ProductTypesPage } from '../features/product-types/components/product-types-page.tsx';

export function ProductTypesRoute() {
  useEffect(() => {
    document.title = 'Product Types · Admin';
  }, []);
  return <ProductTypesPage />;
}
