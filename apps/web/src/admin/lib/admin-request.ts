// Every admin call goes through here: it adds the Bearer token and, when the server answers 401
// (expired or revoked token), keeps what open forms hold and drops the token, so the route guard
// sends the admin to login, which brings him back.
import { ApiError, apiRequest, type Envelope, type RequestOptions } from '../../lib/api.ts';
import { endAdminSession, getAdminToken } from './auth-token.ts';
import { keepOpenFormDrafts } from './form-drafts.ts';

export async function adminRequest<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<Envelope<T>> {
  try {
    return await apiRequest<T>(path, { ...options, token: getAdminToken() });
  } catch (error) {
    if (sessionEnded(error)) {
      keepOpenFormDrafts();
      endAdminSession();
    }
    throw error;
  }
}

/** A 401: the session is over and the page is going to login; no error message is worth showing. */
export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's message when there is one, else the fallback of SPEC §8. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** Every admin query key starts with this, so logout can drop the whole cache. */
export const ADMIN_KEY = 'admin';
