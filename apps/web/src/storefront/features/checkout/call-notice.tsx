import { t } from '../../i18n/i18n.ts';

/** Said under the phone field of both checkouts: what is typed is saved and the shop may call. */
export function CallNotice({ className = '' }: { className?: string }) {
  return <p className={`text-xs text-neutral-600 ${className}`}>{t('checkout.callNotice')}</p>;
}
