// The two ad platforms' server APIs, as they document them:
// - Meta's Conversions API: POST {META_API_URL}/{pixel id}/events?access_token=…, a JSON body
//   { data: [server event], test_event_code? }; customer data SHA-256 hashed after normalising
//   (ph: digits with the country code; ct, st: lowercase letters only; country: ISO code), click
//   and browser ids (fbc, fbp), address and user agent as they are. Refusals are 4xx with
//   { error: { message } }.
// - TikTok's Events API 2.0: POST {TIKTOK_API_URL}/event/track/ with the Access-Token header and
//   { event_source: 'web', event_source_id: pixel code, data: [event], test_event_code? }; the
//   phone in E.164 (+213…) hashed. It answers 200 with { code, message }: code 0 is accepted.
import { createHash } from 'node:crypto';
import { phoneForAds, type AdPlatform } from '@shop/domain/marketing';
import type { AdPlatformSettings } from './marketing-settings.ts';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A place's name as Meta wants it before hashing: lowercase roman letters, no spaces or accents. */
export function placeForAds(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** What one purchase says, whichever platform it goes to. */
export interface PurchaseFacts {
  eventName: string;
  eventId: string;
  /** When the order reached the stage, in seconds since 1970. */
  eventTime: number;
  orderId: number;
  /** What the customer pays, in Da. */
  valueDa: number;
  contents: { id: string; quantity: number }[];
  phone: string;
  wilaya: string;
  commune: string | null;
  pageUrl: string | null;
  fbp: string | null;
  fbc: string | null;
  ttp: string | null;
  ttclid: string | null;
  ip: string | null;
  userAgent: string | null;
}

export function metaEvent(facts: PurchaseFacts) {
  const phone = phoneForAds(facts.phone);
  const hashed = (text: string) => [sha256(text)];
  return {
    event_name: facts.eventName,
    event_time: facts.eventTime,
    event_id: facts.eventId,
    action_source: 'website',
    ...(facts.pageUrl ? { event_source_url: facts.pageUrl } : {}),
    user_data: {
      ...(phone ? { ph: hashed(phone) } : {}),
      ...(facts.commune ? { ct: hashed(placeForAds(facts.commune)) } : {}),
      st: hashed(placeForAds(facts.wilaya)),
      country: hashed('dz'),
      ...(facts.fbp ? { fbp: facts.fbp } : {}),
      ...(facts.fbc ? { fbc: facts.fbc } : {}),
      ...(facts.ip ? { client_ip_address: facts.ip } : {}),
      ...(facts.userAgent ? { client_user_agent: facts.userAgent } : {}),
    },
    custom_data: {
      currency: 'DZD',
      value: facts.valueDa,
      order_id: String(facts.orderId),
      content_type: 'product',
      content_ids: facts.contents.map((c) => c.id),
      contents: facts.contents.map((c) => ({ id: c.id, quantity: c.quantity })),
    },
  };
}

export function tiktokEvent(facts: PurchaseFacts) {
  const phone = phoneForAds(facts.phone);
  return {
    event: facts.eventName,
    event_time: facts.eventTime,
    event_id: facts.eventId,
    user: {
      ...(phone ? { phone: sha256(`+${phone}`) } : {}),
      ...(facts.ttp ? { ttp: facts.ttp } : {}),
      ...(facts.ttclid ? { ttclid: facts.ttclid } : {}),
      ...(facts.ip ? { ip: facts.ip } : {}),
      ...(facts.userAgent ? { user_agent: facts.userAgent } : {}),
    },
    properties: {
      currency: 'DZD',
      value: facts.valueDa,
      order_id: String(facts.orderId),
      content_type: 'product',
      contents: facts.contents.map((c) => ({ content_id: c.id, quantity: c.quantity })),
    },
    ...(facts.pageUrl ? { page: { url: facts.pageUrl } } : {}),
  };
}

/** A send's outcome: accepted, refused for good (the platform's message), or worth another try. */
export type SendOutcome =
  | { kind: 'sent'; status: number; message: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry'; status: number; message: string };

export interface PlatformHosts {
  metaApiUrl: string;
  tiktokApiUrl: string;
  timeoutMs: number;
}

function errorText(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'no answer in time';
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

async function post(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}

/** Limits what a platform's answer puts in the log. */
const MESSAGE_MAX = 500;

/** Sends one event (the platform's own shape) to the platform with these settings. */
export async function sendToPlatform(
  platform: AdPlatform,
  settings: AdPlatformSettings,
  event: Record<string, unknown>,
  hosts: PlatformHosts,
): Promise<SendOutcome> {
  try {
    if (platform === 'meta') {
      const url = `${hosts.metaApiUrl}/${encodeURIComponent(settings.pixelId)}/events?access_token=${encodeURIComponent(settings.accessToken)}`;
      const { status, json, text } = await post(
        url,
        {},
        { data: [event], ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}) },
        hosts.timeoutMs,
      );
      const answer = json as { events_received?: number; error?: { message?: string } } | null;
      const message = (answer?.error?.message ?? text).slice(0, MESSAGE_MAX);
      if (status >= 200 && status < 300)
        return { kind: 'sent', status, message: `events received: ${answer?.events_received ?? '?'}` };
      if (status >= 500 || status === 429) return { kind: 'retry', status, message };
      return { kind: 'refused', status, message };
    }
    const { status, json, text } = await post(
      `${hosts.tiktokApiUrl}/event/track/`,
      { 'Access-Token': settings.accessToken },
      {
        event_source: 'web',
        event_source_id: settings.pixelId,
        data: [event],
        ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
      },
      hosts.timeoutMs,
    );
    const answer = json as { code?: number; message?: string } | null;
    const message = (answer?.message ?? text).slice(0, MESSAGE_MAX);
    if (status >= 500 || status === 429) return { kind: 'retry', status, message };
    if (status >= 200 && status < 300 && answer?.code === 0) return { kind: 'sent', status, message };
    // TikTok says a refusal in its code: 40100 is its rate limit, 5xxxx its own trouble.
    const code = answer?.code ?? 0;
    if (code === 40100 || code >= 50000) return { kind: 'retry', status, message: `${code}: ${message}` };
    return { kind: 'refused', status, message: code ? `${code}: ${message}` : message };
  } catch (error) {
    return { kind: 'retry', status: 0, message: errorText(error) };
  }
}
