// Local Meta Conversions API and TikTok Events API for the tests, over real HTTP (fake-server.ts):
// POST /{pixel id}/events?access_token=… (Meta: { data, test_event_code? }, answers
// { events_received } or 400 { error: { message } } for a wrong token) and POST /event/track/ with
// the Access-Token header (TikTok: answers 200 { code: 0, message: 'OK' }, or a code and message
// when it refuses). Each records the events it accepted; a test can make it answer 500, never
// answer, or refuse.
import { startFakeServer, type FakeAnswer, type FakeServer } from './fake-server.ts';

export const FAKE_META_PIXEL = '123456789012345';
export const FAKE_META_TOKEN = 'EAAB-fake-meta-token';
export const FAKE_TIKTOK_PIXEL = 'CFAKE0TIKTOK0PIXEL';
export const FAKE_TIKTOK_TOKEN = 'fake-tiktok-token';

export type FakeMode = 'ok' | 'error-500' | 'hang' | 'refuse';

export interface ReceivedEvent {
  platform: 'meta' | 'tiktok';
  pixel: string;
  testEventCode: string | undefined;
  event: Record<string, unknown>;
  body: Record<string, unknown>;
}

export interface FakeAdPlatforms {
  server: FakeServer;
  /** The environment of a shop that talks to these fakes (no scheduled sends: tests run them). */
  env: Record<string, string>;
  received: ReceivedEvent[];
  /** How the next calls are answered, per platform. */
  mode: { meta: FakeMode; tiktok: FakeMode };
  /** Calls that reached the fake, answered or not. */
  calls(platform: 'meta' | 'tiktok'): number;
  /** The first event accepted, already or later, that `match` picks (a wait on the event, not the clock). */
  arrived(match: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  close(): Promise<void>;
}

export async function startFakeAdPlatforms(): Promise<FakeAdPlatforms> {
  const received: ReceivedEvent[] = [];
  const mode: FakeAdPlatforms['mode'] = { meta: 'ok', tiktok: 'ok' };
  const counts = { meta: 0, tiktok: 0 };
  const waiting: { match: (event: ReceivedEvent) => boolean; resolve: (event: ReceivedEvent) => void }[] = [];
  const accept = (event: ReceivedEvent) => {
    received.push(event);
    for (const waiter of waiting.filter((w) => w.match(event))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  };
  const server = await startFakeServer((request): FakeAnswer | undefined => {
    const meta = /^\/meta\/([^/]+)\/events$/.exec(request.url.pathname);
    const body = (request.json ?? {}) as { data?: Record<string, unknown>[]; test_event_code?: string };
    if (request.method === 'POST' && meta) {
      counts.meta++;
      if (mode.meta === 'hang') return undefined;
      if (mode.meta === 'error-500')
        return { status: 500, body: { error: { message: 'An unknown error occurred', code: 1 } } };
      if (mode.meta === 'refuse' || request.url.searchParams.get('access_token') !== FAKE_META_TOKEN) {
        return {
          status: 400,
          body: {
            error: {
              message: 'Invalid OAuth access token - Cannot parse access token',
              type: 'OAuthException',
              code: 190,
            },
          },
        };
      }
      for (const event of body.data ?? []) {
        accept({ platform: 'meta', pixel: meta[1] ?? '', testEventCode: body.test_event_code, event, body });
      }
      return { status: 200, body: { events_received: body.data?.length ?? 0, messages: [], fbtrace_id: 'fake' } };
    }
    if (request.method === 'POST' && request.url.pathname === '/tiktok/event/track/') {
      counts.tiktok++;
      if (mode.tiktok === 'hang') return undefined;
      if (mode.tiktok === 'error-500') return { status: 500, body: { code: 50000, message: 'System error' } };
      if (mode.tiktok === 'refuse' || request.headers['access-token'] !== FAKE_TIKTOK_TOKEN) {
        return { status: 200, body: { code: 40105, message: 'Access token is incorrect or has been revoked.' } };
      }
      const full = body as { event_source_id?: string; event_source?: string } & typeof body;
      for (const event of body.data ?? []) {
        accept({
          platform: 'tiktok',
          pixel: full.event_source_id ?? '',
          testEventCode: body.test_event_code,
          event,
          body,
        });
      }
      return { status: 200, body: { code: 0, message: 'OK', request_id: 'fake', data: {} } };
    }
    return { status: 404, body: { error: { message: 'Unknown path' } } };
  });
  return {
    server,
    env: {
      META_API_URL: `${server.url}/meta`,
      TIKTOK_API_URL: `${server.url}/tiktok`,
      AD_EVENTS_INTERVAL_SECONDS: '0',
      AD_EVENTS_TIMEOUT_SECONDS: '0.5',
    },
    received,
    mode,
    calls: (platform) => counts[platform],
    arrived: (match) => {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    close: () => server.close(),
  };
}
