// The one API client: every call goes to /api + the path of SPEC §7 and answers the envelope
// { status, message, data }. A non-2xx answer throws ApiError carrying the server's message (empty
// when it sent none).
import { resizedImageSrcSet, resizedImageUrl, type DisplayWidth, type ImageWidth } from '@shop/domain/images';

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, message: string, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const API_BASE = '/api';
/** Images are served by the API host under /public (SPEC §7). */
export const PUBLIC_BASE = '/public';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
  /** More request headers (an order's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The language the customer's calls are answered in: set by the Arabic storefront. */
let answerLanguage: string | null = null;

/**
 * Asks the server to answer this page's calls (order, stock check, review: what it refuses and
 * why) in `language`; null for the server's default (French). Reads (GET) go without: their data
 * is the same in every language, and the page's preloaded answers must be reused as they are.
 */
export function setAnswerLanguage(language: string | null): void {
  answerLanguage = language;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  if (answerLanguage && method !== 'GET') headers['accept-language'] = answerLanguage;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  let payload: Partial<Envelope<T>> | null = null;
  try {
    payload = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    // Only the server's own message: an answer without one (a proxy's 502 page during a deploy)
    // leaves it empty, so each page says its own fallback of SPEC §8, not "Bad Gateway".
    const message = typeof payload?.message === 'string' ? payload.message : '';
    throw new ApiError(response.status, message, payload?.data ?? null);
  }
  return { status: payload?.status ?? response.status, message: payload?.message ?? '', data: payload?.data as T };
}

/**
 * "/uploads/x.webp" → "/public/uploads/x.webp"; other paths are used as given (SPEC §3). With a
 * width, an uploaded picture is fetched as the server's resized copy of that width.
 */
export function imageUrl(
  path: string | null | undefined,
  width?: ImageWidth,
  fallback = '/default-product.svg',
): string {
  if (!path) return fallback;
  const resized = width ? resizedImageUrl(path, width) : null;
  if (resized) return resized;
  return path.startsWith('/uploads') ? `${PUBLIC_BASE}${path}` : path;
}

/** srcSet offering the 1× and 2× copies of an uploaded picture shown `width` CSS pixels wide. */
export function imageSrcSet(path: string | null | undefined, width: DisplayWidth): string | undefined {
  return (path && resizedImageSrcSet(path, width)) || undefined;
}
