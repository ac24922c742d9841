// The active language as React state: components that read it draw again when it changes.
import { useSyncExternalStore } from 'react';
import { currentLanguage, i18n, type Language } from './i18n.ts';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
