import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { REGULAR_DELIVERY_ESTIMATE } from '@shop/domain/constants';
import { paths } from '../../../../lib/paths.ts';
import { Breadcrumb } from '../../../layout/breadcrumb.tsx';
import { customerMessage, t } from '../../../i18n/i18n.ts';
import { useCustomerMessages } from '../../../i18n/use-language.ts';
import { OrderConfirmation } from '../../order-confirmation/components/order-confirmation.tsx';
import { forgetConfirmation, rememberedOrder, type PlacedOrder } from '../../order-confirmation/confirmation-store.ts';
import { useCart } from '../cart-store.ts';
import { useLineStock } from '../use-line-stock.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { OrderSummary } from './order-summary.tsx';

export function CartPage() {
  const lines = useCart();
  const navigate = useNavigate();
  // The confirmation stays, across reloads too, until "Continuer vos achats" (SPEC §4) or a new cart.
  const [placed, setPlaced] = useState<PlacedOrder | null>(() => rememberedOrder('cart'));
  const confirmation = lines.length === 0 ? placed : null;
  useLineStock(lines);
  useCustomerMessages();

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12">
      <Breadcrumb items={[{ label: t('cart.breadcrumb') }]} />
      {confirmation ? (
        <OrderConfirmation
          title={t('thankYou.title')}
          order={confirmation}
          paymentMode={t('thankYou.paymentMode')}
          deliveryEstimate={customerMessage(REGULAR_DELIVERY_ESTIMATE)}
          onContinue={() => {
            forgetConfirmation('cart');
            setPlaced(null);
            void navigate(paths.shop);
          }}
        />
      ) : (
        <>
          <h1 className="mb-6 text-3xl font-black tracking-tight uppercase md:text-4xl">{t('cart.title')}</h1>
          {lines.length === 0 ? (
            <div className="py-16 text-center">
              <p className="text-xl font-medium">{t('cart.emptyCart')}</p>
              <Link
                to={paths.shop}
                className="mt-6 inline-block rounded-full bg-black px-10 py-4 font-medium text-white hover:bg-neutral-800"
              >
                {t('cart.goShop')}
              </Link>
            </div>
          ) : (
            <div className="grid items-start gap-5 lg:grid-cols-[1fr_420px]">
              <ul className="min-w-0 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 p-4 md:p-6">
                {lines.map((line) => (
                  <CartLineItem key={`${line.id}-${line.size}-${line.color ?? ''}`} line={line} />
                ))}
              </ul>
              <OrderSummary
                lines={lines}
                onCompleted={(order) => {
                  setPlaced(order);
                  window.scrollTo?.(0, 0);
                }}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
