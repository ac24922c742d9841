// Every admin call goes through here: it adds the Bearer token and, when the server answers 401
// (expired or revoked token), drops the token so the route guard sends the admin to login.
import { ApiError, apiRequest, type Envelope, type RequestOptions } from '../../lib/api.ts';
import { clearAdminToken, getAdminToken } from './auth-token.ts';

export async function adminRequest<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<Envelope<T>> {
  try {
    return await apiRequest<T>(path, { ...options, token: getAdminToken() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAdminToken();
    throw error;
  }
}

/** The server's message when there is one, else the fallback of SPEC §8. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** Every admin query key starts with this, so logout can drop the whole cache. */
export const ADMIN_KEY = 'admin';
