import { useSettings } from '../../settings/api/get-settings.ts';
import { telHref, whatsappHref } from '../../settings/contact-links.ts';
import { t } from '../../../i18n/i18n.ts';

/** The shop's phone and WhatsApp, the message naming the order the customer asked about. */
export function TrackingContact({ orderNumber, notFound }: { orderNumber: number | null; notFound: boolean }) {
  const { data: settings } = useSettings();
  if (!settings) return null;
  const message =
    orderNumber && notFound
      ? t('tracking.whatsappNotFound', { n: orderNumber })
      : orderNumber
        ? t('tracking.whatsappQuestion', { n: orderNumber })
        : t('tracking.whatsappQuestionNoOrder');
  const whatsapp = whatsappHref(settings, message);
  return (
    <section aria-labelledby="tracking-help-title" className="rounded-2xl bg-neutral-50 p-5">
      <h2 id="tracking-help-title" className="font-bold">
        {t('tracking.helpTitle')}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">
        {orderNumber ? t('tracking.help', { n: orderNumber }) : t('tracking.helpNoOrder')}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {settings.phone && (
          <a
            href={telHref(settings.phone)}
            className="flex-1 rounded-full border border-neutral-300 bg-white px-4 py-3 text-center font-medium hover:bg-neutral-100"
          >
            {t('tracking.call', { phone: settings.phone })}
          </a>
        )}
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="flex-1 rounded-full bg-green-700 px-4 py-3 text-center font-medium text-white hover:bg-green-800"
          >
            {t('tracking.whatsapp')}
          </a>
        )}
      </div>
    </section>
  );
}
