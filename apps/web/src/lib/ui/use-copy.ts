import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@shop/domain/constants';

/** Copies a text to the clipboard and holds a confirmation for 2 seconds (SPEC §9). */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(value: string, message: string) {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (insecure context): the value stays visible on the page.
    }
    setCopied(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }
  return { copied, copy };
}
