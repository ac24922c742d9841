// The language a call is answered in (DESIGN §6.3): the back office's calls carry the owner's
// token (or sign in) and get English, whatever route they reach (a coupon checked, an image
// refused); every other call is a customer's and gets French, or Arabic when the visitor reads the
// Arabic storefront: a `lang` of "ar" in the query or the JSON body, else an
// Accept-Language whose preferred language is Arabic.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customerMessageInArabic } from '@shop/domain/customer-messages-ar';
import type { Bilingual } from './errors.ts';

export type Language = keyof Bilingual | 'ar';

/** The preferred language of an Accept-Language header ("ar-DZ,ar;q=0.9,fr;q=0.8" → "ar"). */
export function preferredLanguage(header: string | undefined): string | null {
  if (!header) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!tag || !Number.isFinite(q) || q <= 0) continue;
    // The first of equal weights wins, as the visitor listed them.
    if (!best || q > best.q) best = { tag: tag.toLowerCase(), q };
  }
  return best ? (best.tag.split('-')[0] ?? null) : null;
}

function askedLanguage(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.lang === 'string') return query.lang;
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof body.lang === 'string') return body.lang;
  return preferredLanguage(request.headers['accept-language']);
}

export function callLanguage(request: FastifyRequest): Language {
  if (request.headers.authorization || request.url.startsWith('/api/auth/')) return 'en';
  return askedLanguage(request) === 'ar' ? 'ar' : 'fr';
}

/**
 * The text of a bilingual message for this call; an Arabic call gets the French one here, said
 * in Arabic when the answer leaves (registerCustomerLanguage).
 */
export function say(request: FastifyRequest, message: Bilingual): string {
  const language = callLanguage(request);
  return message[language === 'ar' ? 'fr' : language];
}

/** The key of a Bilingual for this call (the French one for an Arabic call). */
export function bilingualKey(request: FastifyRequest): keyof Bilingual {
  const language = callLanguage(request);
  return language === 'ar' ? 'fr' : language;
}

interface Answer {
  message?: unknown;
  data?: unknown;
}

function withArabic(answer: Answer): Answer {
  const translated: Answer = { ...answer, message: customerMessageInArabic(answer.message as string) };
  const data = answer.data as { errors?: unknown } | null;
  if (data && typeof data === 'object' && Array.isArray(data.errors)) {
    translated.data = {
      ...data,
      errors: data.errors.map((error: unknown) =>
        error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? { ...error, message: customerMessageInArabic((error as { message: string }).message) }
          : error,
      ),
    };
  }
  return translated;
}

/**
 * Says the customer's answers (what was refused and why, an order placed, a review thanked) in
 * Arabic for an Arabic call: the envelope's message and its field errors. The answer varies with
 * Accept-Language, so caches keep one per language.
 */
export function registerCustomerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith('/api/') || !payload || typeof payload !== 'object') return payload;
    const answer = payload as Answer;
    if (typeof answer.message !== 'string') return payload;
    const language = callLanguage(request);
    if (language === 'en') return payload;
    const vary = reply.getHeader('vary');
    if (!String(vary ?? '').includes('Accept-Language'))
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    return language === 'ar' ? withArabic(answer) : payload;
  });
}
