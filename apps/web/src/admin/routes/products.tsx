import { useEffect } from 'react';
import { ProductsPage } from '../features/products/components/products-page.tsx';

export function ProductsRoute() {
  useEffect(() => {
    document.title = 'Products · Admin';
  }, []);
  return <ProductsPage />;
}
