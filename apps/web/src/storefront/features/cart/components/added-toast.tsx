import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { t } from '../../../i18n/i18n.ts';

/** The add-to-cart toast: it covers the cart icon on a phone, so it carries the way to the cart. */
export function AddedToast({ message }: { message: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span>{message}</span>
      <Link
        to={paths.cart}
        className="shrink-0 rounded-full bg-black px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-neutral-800"
      >
        {t('product.viewCart')}
      </Link>
    </div>
  );
}
