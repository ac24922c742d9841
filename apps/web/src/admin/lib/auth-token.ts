// The admin token lives in localStorage under `adminToken` (SPEC §6). A tiny store on top of it so
// the route guard re-renders (and redirects to login) as soon as a call answers 401.
import { useSyncExternalStore } from 'react';

export const ADMIN_TOKEN_KEY = 'adminToken';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string) {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
  notify();
}

export function clearAdminToken() {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging out also logs this one out.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}
