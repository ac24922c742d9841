// The storefront's toasts. react-toastify is fetched on the first toast (or when its container
// mounts, after the first paint: layout/toasts.tsx), so no page waits for it before it can show:
// the product page did (Lighthouse, slow 4G). A toast raised before the container mounts is
// queued by the library and shown once it is there.
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error';

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, options);
  });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
