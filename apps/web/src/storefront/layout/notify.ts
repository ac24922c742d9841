// The storefront's toasts. react-toastify is fetched on the first toast (or when its container
// mounts, after the first paint: layout/toasts.tsx), so no page waits for it before it can show:
// the product page did (Lighthouse, slow 4G). A toast raised before the container mounts is
// queued by the library and shown once it is there.
import type { ReactElement } from 'react';
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'warning';
/** A text, or an element (a message with an action link). */
type Content = string | ReactElement;

function show(kind: Kind, message: Content, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, options);
  });
}

export const notify = {
  success: (message: Content, options?: ToastOptions) => show('success', message, options),
  warning: (message: Content, options?: ToastOptions) => show('warning', message, options),
  error: (message: Content, options?: ToastOptions) => show('error', message, options),
};
