import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../layout/breadcrumb.tsx';
import { notify } from '../../layout/notify.ts';
import { CUP_ITEM_NAME } from '@shop/domain/constants';
import { paths } from '../../../lib/paths.ts';
import { useCustomItems } from './api/get-custom-items.ts';
import { useShippingPrices } from '../shipping/api/get-shipping-prices.ts';
import { useSettings } from '../settings/api/get-settings.ts';
import { OrderConfirmation } from '../order-confirmation/components/order-confirmation.tsx';
import {
  forgetConfirmation,
  rememberOrder,
  rememberedOrder,
  type PlacedOrder,
} from '../order-confirmation/confirmation-store.ts';
import { AdvancePayment } from './components/advance-payment.tsx';
import { CustomOrderForm } from './components/custom-order-form.tsx';
import { t } from '../../i18n/i18n.ts';
import { useCustomerMessages } from '../../i18n/use-language.ts';

/** /CustomOrder (SPEC §2): a garment or a cup made from the customer's reference images. */
export function CustomOrderPage() {
  useCustomerMessages();
  const [searchParams] = useSearchParams();
  const preferCup = searchParams.get('type')?.toLowerCase() === CUP_ITEM_NAME;
  const items = useCustomItems();
  const wilayas = useShippingPrices();
  const settings = useSettings();
  const navigate = useNavigate();
  // The confirmation survives a reload until "Continuer vos achats", "Nouvelle commande
  // personnalisée", or a day later (confirmation-store.ts).
  const [placed, setPlaced] = useState<PlacedOrder | null>(() => rememberedOrder('custom'));

  useEffect(() => {
    if (items.isError) notify.error(t('customOrder.toastItemsFailed'), { toastId: 'custom-items-failed' });
  }, [items.isError]);
  useEffect(() => {
    if (wilayas.isError) notify.error(t('customOrder.toastShippingFailed'), { toastId: 'shipping-prices-failed' });
  }, [wilayas.isError]);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [placed]);

  const loading = items.isPending || wilayas.isPending;
  const whatsappUrl = settings.data?.whatsapp_url || undefined;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: t('customOrder.title') }]} />

      {placed ? (
        <OrderConfirmation
          title={t('customOrder.thankYouTitle')}
          intro={t('customOrder.thankYouBody')}
          order={placed}
          paymentMode={t('customOrder.paymentAdvance')}
          deliveryEstimate={t('customOrder.deliveryEstimateValue')}
          onContinue={() => {
            forgetConfirmation('custom');
            setPlaced(null);
            void navigate(paths.shop);
          }}
          again={{
            label: t('customOrder.again'),
            onClick: () => {
              forgetConfirmation('custom');
              setPlaced(null);
            },
          }}
        >
          <AdvancePayment orderNumber={placed.orderNumber} />
        </OrderConfirmation>
      ) : (
        <>
          <header className="mb-8 flex flex-col gap-2">
            <h1 className="text-3xl font-black tracking-tight uppercase sm:text-4xl">{t('customOrder.title')}</h1>
            <p className="max-w-2xl text-gray-600">{t('customOrder.intro')}</p>
          </header>
          {loading ? (
            <div role="status" className="flex min-h-[40vh] items-center justify-center">
              <span
                aria-hidden="true"
                className="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-black"
              />
              <span className="sr-only">{t('customOrder.loading')}</span>
            </div>
          ) : (
            <CustomOrderForm
              items={items.data ?? []}
              wilayas={wilayas.data ?? []}
              preferCup={preferCup}
              whatsappUrl={whatsappUrl}
              onPlaced={(order) => {
                rememberOrder('custom', order);
                setPlaced(order);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
