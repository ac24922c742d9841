// The cart page asks the server how much of each line is left (POST /product/checkStock), so its
// "+" and typed quantities stop at the real stock even when the cart was filled days ago.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkStock } from './api/check-stock.ts';
import { setLineStock, type CartLine } from './cart-store.ts';
import { orderSize } from './checkout.ts';

export function useLineStock(lines: readonly CartLine[]): void {
  const wanted = [...new Set(lines.map((l) => JSON.stringify([l.id, orderSize(l.size), l.color ?? ''])))].sort();
  const stock = useQuery({
    queryKey: ['cart-stock', wanted],
    queryFn: () =>
      checkStock(
        wanted.map((key) => {
          const [id, size, color] = JSON.parse(key) as [number, string, string];
          return { product_id: id, size, quantity: 1, ...(color ? { color } : {}) };
        }),
      ),
    enabled: wanted.length > 0,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (stock.data) setLineStock(stock.data.items);
  }, [stock.data]);
}
