// The language a call is answered in (DESIGN §6.3): the back office's calls carry the owner's
// token (or sign in) and get English, whatever route they reach (a coupon checked, an image
// refused); every other call is a customer's and gets French.
import type { FastifyRequest } from 'fastify';
import type { Bilingual } from './errors.ts';

export type Language = keyof Bilingual;

export function callLanguage(request: FastifyRequest): Language {
  return request.headers.authorization || request.url.startsWith('/api/auth/') ? 'en' : 'fr';
}

/** The text of a bilingual message for this call. */
export function say(request: FastifyRequest, message: Bilingual): string {
  return message[callLanguage(request)];
}
