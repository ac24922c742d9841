// How the Ecotrack, ZR Express and NOEST adapters call their APIs: every call gives up after the
// configured time, is paced under the courier's rate limit, and fails with a CourierError that says
// whether the courier may have acted on it (see CourierError): never reached (refused connection,
// the pace used up before calling, 429) or answer lost (time-out, reset, 5xx). Any other answer is
// given back to the adapter, which reads the courier's own refusals.
import { CourierError } from './courier.ts';

/**
 * Calls in a rolling window: at most `calls` per `perMs`. A call that would go over waits when the
 * wait is short (maxWaitMs), else fails as quota without being sent, saying when to try again. The
 * courier's own count (X-RateLimit-Remaining) is believed when it says fewer are left.
 */
export class Pacer {
  readonly calls: number;
  readonly perMs: number;
  readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly sent: number[] = [];
  /** The courier said none is left until then. */
  private blockedUntil = 0;
  remaining: number | null = null;

  constructor(calls: number, perMs: number, { maxWaitMs = 0, now = Date.now } = {}) {
    this.calls = calls;
    this.perMs = perMs;
    this.maxWaitMs = maxWaitMs;
    this.now = now;
  }

  /** Waits for a place in the window, or throws quota. */
  async take(courier: string): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length > 0 && (this.sent[0] ?? 0) <= now - this.perMs) this.sent.shift();
      const free = this.sent.length < this.calls && now >= this.blockedUntil;
      if (free) {
        this.sent.push(now);
        return;
      }
      const windowFull = this.sent.length >= this.calls;
      const until = Math.max(this.blockedUntil, windowFull ? (this.sent[0] ?? now) + this.perMs : now);
      const wait = until - now;
      if (wait > this.maxWaitMs) {
        throw new CourierError(
          'quota',
          `${courier}'s limit of ${this.calls} calls a ${this.perMs / 1000} s is reached: try again in ${Math.ceil(wait / 1000)} s`,
          false,
          wait,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** What the courier's headers said is left in its window. */
  heard(remaining: number | null, resetInMs: number | null): void {
    if (remaining === null) return;
    this.remaining = remaining;
    if (remaining <= 0) this.blockedUntil = this.now() + (resetInMs ?? this.perMs);
  }
}

export interface HttpClientOptions {
  /** The courier's name as messages say it ("Ecotrack (dhd)"). */
  courier: string;
  /** The API's base address, without a trailing slash. */
  base: string;
  timeoutMs: number;
  headers: () => Record<string, string>;
  pacer?: Pacer;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or null (no body, or not JSON: see bytes). */
  body: unknown;
  bytes: Buffer;
}

export interface CallOptions {
  query?: Record<string, string | number | readonly string[] | undefined>;
  json?: unknown;
}

/** The number in a header, or null. */
function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^-?\d+$/.test(value.trim()) ? Number(value) : null;
}

export function createHttpClient(options: HttpClientOptions) {
  const { courier } = options;

  async function call(method: string, path: string, { query, json }: CallOptions = {}): Promise<HttpAnswer> {
    if (options.pacer) await options.pacer.take(courier);
    const url = new URL(`${options.base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value as readonly string[]) url.searchParams.append(key, v);
      else url.searchParams.set(key, String(value));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...options.headers(),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CourierError('timeout', `${courier} did not answer within ${options.timeoutMs / 1000} s`, true);
      }
      if (cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') {
        throw new CourierError('unreachable', `${courier} cannot be reached (${cause.code})`, false);
      }
      throw new CourierError(
        'failed',
        `The call to ${courier} failed (${cause?.code ?? name ?? 'network error'})`,
        true,
      );
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch {
      throw new CourierError(
        'timeout',
        `${courier} did not finish its answer within ${options.timeoutMs / 1000} s`,
        true,
      );
    }
    options.pacer?.heard(headerNumber(response.headers, 'x-ratelimit-remaining'), null);
    let body: unknown = null;
    const type = response.headers.get('content-type') ?? '';
    if (bytes.length > 0 && !type.includes('pdf')) {
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        body = null;
      }
    }
    if (response.status === 429) {
      const after = headerNumber(response.headers, 'retry-after');
      options.pacer?.heard(0, after === null ? null : after * 1000);
      throw new CourierError(
        'quota',
        `${courier} refused the call: too many requests${after === null ? '' : ` (try again in ${after} s)`}`,
        false,
        after === null ? null : after * 1000,
      );
    }
    if (response.status >= 500) throw new CourierError('failed', `${courier} failed (HTTP ${response.status})`, true);
    return { status: response.status, headers: response.headers, body, bytes };
  }

  return { call };
}

/** The courier's words in an error answer: its message, its validation errors, or the fallback. */
export function refusalOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const errors = record.errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const parts = Object.entries(errors as Record<string, unknown>).map(
        ([field, value]) => `${field}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
      );
      if (parts.length > 0) return parts.join('; ');
    }
    for (const key of ['message', 'detail', 'title', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
      if (typeof value === 'number') return `error ${value}`;
    }
  }
  return fallback;
}

/** A text field ('' when absent), a number or numeric text as a number (null otherwise). */
export const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** An Algerian phone as couriers take it: its 9 or 10 digits starting with 0. */
export function localPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('213')) return `0${digits.slice(3)}`;
  return digits;
}

/** Keeps results that may come as a list or as an object keyed by index. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}
