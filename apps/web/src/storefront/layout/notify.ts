// The storefront's toasts. react-toastify and its stylesheet are fetched on the first toast: most
// visits raise none, and none should pay for it in their first load (its budget).
// The first toast mounts the container (layout/toasts.tsx, through useToastsWanted); a toast
// raised before the container is there is queued by the library and shown once it mounts.
import { useSyncExternalStore, type ReactElement } from 'react';
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'warning';
/** A text, or an element (a message with an action link). */
type Content = string | ReactElement;

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been raised yet, so the layout mounts the container. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

function show(kind: Kind, message: Content, options?: ToastOptions): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, options);
  });
}

/**
 * Fetches the toast code ahead (once), on the first touch of a page that will raise a toast soon
 * (the product page: a size, then "Ajouter au panier"): its first toast then shows at once instead
 * of after a download, seconds on a slow phone. Not at the page's load: most visits raise none.
 */
let preloaded = false;
export function preloadToasts(): void {
  if (preloaded) return;
  preloaded = true;
  void import('./toasts.tsx').catch(() => (preloaded = false));
}

export const notify = {
  success: (message: Content, options?: ToastOptions) => show('success', message, options),
  warning: (message: Content, options?: ToastOptions) => show('warning', message, options),
  error: (message: Content, options?: ToastOptions) => show('error', message, options),
};
