// The ad platforms' pixels in the storefront (docs/marketing.md, ADR 033). Nothing loads unless
// the owner set a pixel id (the shop settings every page carries). Until the customer first
// touches, types or scrolls, events wait in the pixels' own queues (the stubs their snippets
// define, written here so that no inline script is needed under the CSP); then the platforms'
// scripts load, async, from the addresses the settings give (the server's configuration, whose
// hosts the CSP allows), and play the queue. The first paint never
// waits for them.
import type { StorefrontPixels } from '@shop/domain/marketing';

type Queued = unknown[];
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: Queued[];
  push: Fbq;
  loaded: boolean;
  version: string;
}
type Ttq = Queued[] &
  Record<string, unknown> & {
    page: () => void;
    track: (event: string, params?: object, options?: object) => void;
  };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    ttq?: Ttq;
    TiktokAnalyticsObject?: string;
  }
}

const TIKTOK_METHODS = [
  'page',
  'track',
  'identify',
  'instances',
  'debug',
  'on',
  'off',
  'once',
  'ready',
  'alias',
  'group',
  'enableCookie',
  'disableCookie',
];

let started: StorefrontPixels | null = null;

/**
 * Events sent before the shop's settings said which pixels there are: a page's own effects run
 * before the layout's, so a product page opened from an ad sends its ViewContent first. They are
 * replayed when the pixels start, dropped when the settings say there are none. PageView is not
 * kept: the layout sends it again once the settings are there.
 */
type TrackArgs = [event: keyof typeof EVENT_NAMES, data?: AdContents, eventId?: string];
let early: TrackArgs[] | null = [];
const EARLY_MAX = 20;

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function metaStub(): Fbq {
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  return fbq;
}

/** TikTok's snippet's queue: each method records its call; its script reads `methods` and `instance` too. */
function tiktokStub(): Ttq {
  const ttq = [] as unknown as Ttq;
  const defer = (target: Queued, method: string) => {
    (target as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      target.push([method, ...args]);
    };
  };
  ttq.methods = TIKTOK_METHODS;
  ttq.setAndDefer = defer;
  for (const method of TIKTOK_METHODS) defer(ttq, method);
  ttq.instance = (pixel: string) => {
    const instance = (ttq._i as Record<string, Queued> | undefined)?.[pixel] ?? [];
    for (const method of TIKTOK_METHODS) defer(instance, method);
    return instance;
  };
  return ttq;
}

/** What TikTok's loader records before its script comes (its snippet's ttq.load). */
function loadTikTok(ttq: Ttq, pixel: string, script: string): void {
  const instances = (ttq._i ??= {}) as Record<string, unknown>;
  const list = [] as unknown as Record<string, unknown>;
  list._u = script;
  instances[pixel] = list;
  ((ttq._t ??= {}) as Record<string, number>)[pixel] = Date.now();
  ((ttq._o ??= {}) as Record<string, object>)[pixel] = {};
  addScript(`${script}?sdkid=${encodeURIComponent(pixel)}&lib=ttq`);
}

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** Sets the pixels up once per page load, the scripts waiting for the first interaction. */
export function startPixels(pixels: StorefrontPixels | undefined): void {
  if (started || !pixels) return;
  if (!pixels.meta && !pixels.tiktok) {
    early = null;
    return;
  }
  started = pixels;
  if (pixels.meta) {
    const fbq = metaStub();
    window.fbq = fbq;
    window._fbq = fbq;
    fbq('init', pixels.meta);
  }
  if (pixels.tiktok) {
    window.TiktokAnalyticsObject = 'ttq';
    window.ttq = tiktokStub();
  }
  const load = () => {
    for (const name of FIRST_INTERACTION) window.removeEventListener(name, load);
    if (pixels.meta) addScript(pixels.scripts.meta);
    if (pixels.tiktok && window.ttq) loadTikTok(window.ttq, pixels.tiktok, pixels.scripts.tiktok);
  };
  for (const name of FIRST_INTERACTION) window.addEventListener(name, load, { once: true, passive: true });
  const waiting = early ?? [];
  early = null;
  for (const args of waiting) trackAdEvent(...args);
}

export interface AdContents {
  /** Da. */
  value?: number;
  contents?: { id: string; quantity: number }[];
}

/** The browser events of docs/marketing.md, each named as its platform names it. */
const EVENT_NAMES = {
  PageView: { meta: 'PageView', tiktok: null },
  ViewContent: { meta: 'ViewContent', tiktok: 'ViewContent' },
  AddToCart: { meta: 'AddToCart', tiktok: 'AddToCart' },
  InitiateCheckout: { meta: 'InitiateCheckout', tiktok: 'InitiateCheckout' },
  OrderPlaced: { meta: 'Lead', tiktok: 'SubmitForm' },
} as const;

/** Sends a browser event to each configured pixel; with `eventId`, the id the server reuses. */
export function trackAdEvent(event: keyof typeof EVENT_NAMES, data: AdContents = {}, eventId?: string): void {
  if (!started) {
    if (early && event !== 'PageView' && early.length < EARLY_MAX) early.push([event, data, eventId]);
    return;
  }
  const names = EVENT_NAMES[event];
  const ids = data.contents?.map((c) => c.id);
  if (started.meta && window.fbq) {
    const params = {
      ...(data.value !== undefined ? { value: data.value, currency: 'DZD' } : {}),
      ...(ids ? { content_ids: ids, contents: data.contents, content_type: 'product' } : {}),
    };
    window.fbq('track', names.meta, params, eventId ? { eventID: eventId } : {});
  }
  if (started.tiktok && window.ttq) {
    if (event === 'PageView') window.ttq.page();
    else if (names.tiktok) {
      window.ttq.track(
        names.tiktok,
        {
          ...(data.value !== undefined ? { value: data.value, currency: 'DZD' } : {}),
          ...(data.contents
            ? {
                content_type: 'product',
                contents: data.contents.map((c) => ({ content_id: c.id, quantity: c.quantity })),
              }
            : {}),
        },
        eventId ? { event_id: eventId } : {},
      );
    }
  }
}

/** For the tests: the page as it was before any pixel. */
export function resetPixelsForTests(): void {
  started = null;
  early = [];
  delete window.fbq;
  delete window._fbq;
  delete window.ttq;
}
