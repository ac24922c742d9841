// Errors a route or service throws on purpose: the status and message reach the client in the
// envelope. Anything else becomes a 500 whose details stay in the log.

/**
 * A message that can reach the customer (French) and the owner (English) through the same call:
 * an upload refused, a coupon checked (DESIGN §6.3). The error handler picks the call's language.
 */
export interface Bilingual {
  fr: string;
  en: string;
}

export type Message = string | Bilingual;

/** A limit per client reached (http/rate-limits.ts): said to the customer in their language. */
export const TOO_MANY_REQUESTS: Bilingual = {
  fr: 'Trop de demandes, veuillez réessayer dans quelques minutes',
  en: 'Too many requests, please try again later',
};

export class HttpError extends Error {
  readonly statusCode: number;
  readonly data: unknown;
  readonly bilingual: Bilingual | null;
  /**
   * What was refused, in a word for counting (the metrics' reason label), when the status alone
   * does not say it: the message is in the answer's language and may change wording.
   */
  readonly reason: string | null;

  constructor(statusCode: number, message: Message, data: unknown = null, reason: string | null = null) {
    super(typeof message === 'string' ? message : message.en);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.data = data;
    this.bilingual = typeof message === 'string' ? null : message;
    this.reason = reason;
  }

  /** The message in a call's language (http/language.ts). */
  messageIn(language: keyof Bilingual): string {
    return this.bilingual ? this.bilingual[language] : this.message;
  }
}

export const badRequest = (message: Message, data?: unknown) => new HttpError(400, message, data);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: Message) => new HttpError(403, message);
export const notFound = (message: Message) => new HttpError(404, message);
export const conflict = (message: Message, data?: unknown, reason?: string) =>
  new HttpError(409, message, data, reason ?? null);
export const tooManyRequests = (message: Message) => new HttpError(429, message);
export const unprocessable = (message: Message, data?: unknown) => new HttpError(422, message, data);
