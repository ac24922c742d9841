import { toast, type ToastOptions } from 'react-toastify';
import { ADMIN_PRODUCTS_TOAST_AUTO_CLOSE_MS } from '@shop/domain/constants';

// The products page closes its toasts after 3000 ms instead of the default 5000 ms (SPEC §9).
const productsOptions: ToastOptions = { autoClose: ADMIN_PRODUCTS_TOAST_AUTO_CLOSE_MS };

export const productToast = {
  success: (message: string) => toast.success(message, productsOptions),
  error: (message: string) => toast.error(message, productsOptions),
};
