import type { DefaultOptions } from '@tanstack/react-query';

/** The app's query defaults (tests use them too): answers stay fresh for 30 s, one retry. */
export const QUERY_DEFAULTS = {
  queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
} satisfies DefaultOptions;
