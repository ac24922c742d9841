import { CartPage } from '../features/cart/components/cart-page.tsx';

export default function CartRoute() {
  return <CartPage />;
}
