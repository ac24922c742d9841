// The admin token lives in localStorage under `adminToken` (SPEC §6). A tiny store on top of it so
// the route guard re-renders (and redirects to login) as soon as a call answers 401.
import { useSyncExternalStore } from 'react';
import { resetStartPage } from './start-page.ts';

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

/** Set when the server refused the token (expired or revoked), so login can say why. */
const SESSION_ENDED_KEY = 'adminSessionEnded';

function setSessionEnded(ended: boolean) {
  try {
    if (ended) sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    else sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (private mode): login just does not say why.
  }
}

export function setAdminToken(token: string) {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
  resetStartPage();
  setSessionEnded(false);
  notify();
}

/** Logout: the token is gone on purpose. */
export function clearAdminToken() {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  setSessionEnded(false);
  notify();
}

/** The server answered 401: the token is dropped and the login page says the session ended. */
export function endAdminSession() {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  setSessionEnded(true);
  notify();
}

export function adminSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
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
