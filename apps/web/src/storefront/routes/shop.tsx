import { ShopPage } from '../features/shop/components/shop-page.tsx';

export default function ShopRoute() {
  return <ShopPage />;
}
