import { useParams } from 'react-router';
import { ProductPage } from '../features/product/components/product-page.tsx';

export default function ProductRoute() {
  const { id = '' } = useParams();
  // A new product id starts a fresh page (size, quantity and gallery reset).
  return <ProductPage key={id} id={id} />;
}
