// Local stand-ins for the pixels' script hosts (connect.facebook.net, analytics.tiktok.com), over
// real HTTP, for the e2e journey (META_PIXEL_SCRIPT_URL, TIKTOK_PIXEL_SCRIPT_URL). Each script does
// what the real library does with the queue the storefront's stub filled (ADR 033): Meta's
// fbevents.js reads `fbq.queue` and from then on takes calls through `fbq.callMethod`; TikTok's
// events.js (`?sdkid=<pixel code>&lib=ttq`) reads the calls queued in the `ttq` array and replaces
// each of `ttq.methods` with its own. Instead of the platforms' beacons, each call is posted here
// as it was made (`fbq('track', 'ViewContent', {…}, {eventID})`, `ttq.track('ViewContent', {…},
// {event_id})`): what the platform would receive, for the test to read.
import { startFakeServer, type FakeServer } from '../apps/server/test/fake-server.ts';

export interface PixelCall {
  platform: 'meta' | 'tiktok';
  /** Meta: fbq's arguments (`['track', 'Lead', params, { eventID }]`); TikTok: [method, ...args]. */
  args: unknown[];
  /** TikTok: the pixel code the script was loaded for. */
  pixel: string | null;
  /** The page's path when the call reached the platform. */
  page: string;
}

export interface FakePixels {
  server: FakeServer;
  /** The storefront's configuration for these hosts. */
  env: Record<string, string>;
  calls: PixelCall[];
  /** Script downloads, per platform. */
  scriptsServed: { meta: number; tiktok: number };
  /** The first call, already made or to come, that `match` picks (a wait on the event, not the clock). */
  arrived(match: (call: PixelCall) => boolean): Promise<PixelCall>;
  close(): Promise<void>;
}

// Each call is posted as text (a simple cross-origin request, as a beacon is), kept alive across
// a page change; the answer is not read.
const SEND = `function send(platform, args, pixel) {
    fetch(origin + '/collect', {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      body: JSON.stringify({ platform: platform, args: args, pixel: pixel, page: location.pathname }),
    });
  }`;

const META_SCRIPT = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  ${SEND}
  var fbq = window.fbq;
  var queued = fbq.queue.splice(0);
  fbq.callMethod = function () { send('meta', Array.prototype.slice.call(arguments), null); };
  queued.forEach(function (args) { send('meta', args, null); });
})();`;

const TIKTOK_SCRIPT = `(function () {
  var src = new URL(document.currentScript.src);
  var origin = src.origin;
  var pixel = src.searchParams.get('sdkid');
  ${SEND}
  var ttq = window[window.TiktokAnalyticsObject || 'ttq'];
  var queued = ttq.splice(0);
  ttq.methods.forEach(function (method) {
    ttq[method] = function () { send('tiktok', [method].concat(Array.prototype.slice.call(arguments)), pixel); };
  });
  queued.forEach(function (call) { send('tiktok', call, pixel); });
})();`;

export async function startFakePixels(): Promise<FakePixels> {
  const calls: PixelCall[] = [];
  const scriptsServed = { meta: 0, tiktok: 0 };
  const waiting: { match: (call: PixelCall) => boolean; resolve: (call: PixelCall) => void }[] = [];
  const script = (body: string) => ({
    status: 200,
    bytes: Buffer.from(body),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
  });
  const server = await startFakeServer((request) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/en_US/fbevents.js') {
      scriptsServed.meta++;
      return script(META_SCRIPT);
    }
    if (request.method === 'GET' && path === '/i18n/pixel/events.js') {
      scriptsServed.tiktok++;
      return script(TIKTOK_SCRIPT);
    }
    if (request.method === 'POST' && path === '/collect') {
      const call = JSON.parse(request.raw.toString('utf8')) as PixelCall;
      calls.push(call);
      for (const waiter of waiting.filter((w) => w.match(call))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(call);
      }
      return { status: 204 };
    }
    return { status: 404, body: { error: 'Unknown path' } };
  });
  return {
    server,
    env: {
      META_PIXEL_SCRIPT_URL: `${server.url}/en_US/fbevents.js`,
      TIKTOK_PIXEL_SCRIPT_URL: `${server.url}/i18n/pixel/events.js`,
    },
    calls,
    scriptsServed,
    arrived: (match) => {
      const already = calls.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    close: () => server.close(),
  };
}
