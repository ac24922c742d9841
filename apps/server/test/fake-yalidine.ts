// A local Yalidine for the tests: the endpoints of its API v1 the shop calls, as documented
// (POST /v1/parcels/ with an array, each order answered under its order_id; GET /v1/parcels/ by
// order_id or tracking; GET /v1/parcels/{tracking}; GET /v1/histories/; GET /v1/centers/; GET
// /v1/fees/ from one wilaya to another, per commune; DELETE /v1/parcels/{tracking}, which deletes
// a parcel only while its last status is "En préparation" and answers [{ tracking, deleted }]), with
// the X-API-ID / X-API-TOKEN check and the quota headers. It speaks the 58 wilayas, as Yalidine does
// until it moves: a parcel to another wilaya is refused and it has no fees for one. It counts the
// parcels made for each order_id, and can refuse an order, answer 429 or 500, never answer, or stop
// listening.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wilayaKey } from '@shop/domain/wilaya';
import { WILAYAS } from '../src/db/seed/wilayas.ts';

export const FAKE_API_ID = 'test-api-id';
export const FAKE_API_TOKEN = 'test-api-token';

export interface FakeParcel {
  tracking: string;
  order_id: string;
  label: string;
  last_status: string;
  /** When last_status was set, as Yalidine writes dates. */
  date_last_status?: string;
  body: Record<string, unknown>;
}

/** One destination wilaya's fees, as GET /v1/fees/ answers them per commune. */
export interface FakeWilayaFees {
  name: string;
  communes: { id: number; name: string; express_home: number | null; express_desk: number | null }[];
}

/** The default grid: every wilaya's two communes at 500 + 10 × its number at home, 300 + 10 × at a desk. */
export function defaultFees(code: number): FakeWilayaFees {
  const name = WILAYAS.find((w) => w.code === code)?.name ?? `Wilaya ${code}`;
  return {
    name,
    communes: [
      { id: code * 100 + 1, name, express_home: 500 + 10 * code, express_desk: 300 + 10 * code },
      { id: code * 100 + 2, name: `${name} Est`, express_home: 500 + 10 * code, express_desk: 300 + 10 * code },
    ],
  };
}

/** Oran priced unevenly: two communes at 600 Da at home, one at 650 (the stop desk 400 in each). */
export const ORAN_UNEVEN_FEES: FakeWilayaFees = {
  name: 'Oran',
  communes: [
    { id: 3101, name: 'Oran', express_home: 600, express_desk: 400 },
    { id: 3102, name: 'Bir El Djir', express_home: 600, express_desk: 400 },
    { id: 3103, name: 'Arzew', express_home: 650, express_desk: 400 },
  ],
};

/** A stop desk as GET /v1/centers/ lists it. */
export interface FakeCentre {
  center_id: number;
  name: string;
  address: string;
  gps: string;
  commune_id: number;
  commune_name: string;
  wilaya_id: number;
  wilaya_name: string;
}

/** The centres the fake lists unless a test sets others: one in Alger, one in Oran. */
const DEFAULT_CENTRES: readonly FakeCentre[] = [
  {
    center_id: 160101,
    name: 'Agence de Bab Ezzouar',
    address: 'Cité 5 Juillet, bâtiment 12',
    gps: '36.7167,3.1833',
    commune_id: 1628,
    commune_name: 'Bab Ezzouar',
    wilaya_id: 16,
    wilaya_name: 'Alger',
  },
  {
    center_id: 310101,
    name: 'Agence d’Oran',
    address: '',
    gps: '35.6971,-0.6308',
    commune_id: 3101,
    commune_name: 'Oran',
    wilaya_id: 31,
    wilaya_name: 'Oran',
  },
];

/** The environment of a shop that talks to this fake (no scheduled sync: tests run it themselves). */
export function fakeYalidineEnv(fake: { url: string }): Record<string, string> {
  return {
    YALIDINE_API_URL: fake.url,
    YALIDINE_API_ID: FAKE_API_ID,
    YALIDINE_API_TOKEN: FAKE_API_TOKEN,
    COURIER_SYNC_MINUTES: '0',
  };
}

export type PostMode = 'ok' | 'hang-after-create' | 'hang-before-create' | 'error-500' | 'quota-429';

export interface FakeYalidine {
  /** The API's base address, as YALIDINE_API_URL takes it (…/v1). */
  url: string;
  parcels: FakeParcel[];
  /** Parcels created per order_id. */
  createdFor(orderId: number | string): number;
  calls: { method: string; path: string }[];
  /** How the next creation calls are answered. */
  postMode: PostMode;
  /** Orders refused with this message (success: false). */
  refuse: Map<string, string>;
  /** Headers added to every answer (the quota left). */
  headers: Record<string, string>;
  /** Every answer waits this long (a slow courier: runs that overlap). */
  delayMs: number;
  /** GET /v1/fees/ per destination wilaya number (defaultFees otherwise); null: not served. */
  fees: Map<number, FakeWilayaFees | null>;
  /** What GET /v1/centers/ lists (DEFAULT_CENTRES unless set). */
  centres: FakeCentre[];
  /** Stops listening (connection refused) and starts again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeYalidine(): Promise<FakeYalidine> {
  let sequence = 0;
  const fake: Omit<FakeYalidine, 'url' | 'stop' | 'start' | 'close' | 'createdFor'> = {
    parcels: [],
    calls: [],
    postMode: 'ok',
    refuse: new Map(),
    headers: {},
    delayMs: 0,
    fees: new Map(),
    centres: [...DEFAULT_CENTRES],
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.calls.push({ method: req.method ?? '', path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (fake.delayMs > 0) {
          const delay = fake.delayMs;
          setTimeout(() => answer(status, body), delay);
          return;
        }
        answer(status, body);
      };
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'x-second-quota-left': '4',
          'x-minute-quota-left': '49',
          'x-hour-quota-left': '999',
          'x-day-quota-left': '9999',
          ...fake.headers,
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-api-id'] !== FAKE_API_ID || req.headers['x-api-token'] !== FAKE_API_TOKEN) {
        return send(401, { error: { code: 401, message: 'Unauthorized' } });
      }
      const list = (data: unknown[]) => send(200, { has_more: false, total_data: data.length, data, links: {} });
      const view = (p: FakeParcel) => ({
        tracking: p.tracking,
        order_id: p.order_id,
        label: p.label,
        last_status: p.last_status,
        date_last_status: p.date_last_status ?? '2026-01-01 10:00:00',
      });

      if (req.method === 'POST' && url.pathname === '/v1/parcels/') {
        if (fake.postMode === 'quota-429') return send(429, { error: { code: 429, message: 'Too Many Requests' } });
        if (fake.postMode === 'error-500') return send(500, { error: { code: 500, message: 'Server Error' } });
        if (fake.postMode === 'hang-before-create') return; // never answers, creates nothing
        const parcels = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>[];
        const answer: Record<string, unknown> = {};
        for (const body of parcels) {
          const orderId = String(body.order_id);
          // Like Yalidine, it knows the 58 wilayas by name: another one is refused.
          const known = WILAYAS.some((w) => wilayaKey(w.name) === wilayaKey(String(body.to_wilaya_name)));
          const refusal =
            fake.refuse.get(orderId) ?? (known ? undefined : `Unknown wilaya: ${String(body.to_wilaya_name)}`);
          if (refusal) {
            answer[orderId] = {
              success: false,
              order_id: orderId,
              tracking: null,
              import_id: null,
              label: null,
              message: refusal,
            };
            continue;
          }
          const tracking = `yal-${String(++sequence).padStart(6, '0')}`;
          const label = `https://yalidine.app/app/bordereau.php?tracking=${tracking}`;
          fake.parcels.push({ tracking, order_id: orderId, label, last_status: 'En préparation', body });
          answer[orderId] = { success: true, order_id: orderId, tracking, import_id: 7, label, message: '' };
        }
        if (fake.postMode === 'hang-after-create') return; // made the parcels, the answer is lost
        return send(200, answer);
      }
      if (req.method === 'GET' && url.pathname === '/v1/parcels/') {
        const orderId = url.searchParams.get('order_id');
        const trackings = url.searchParams.get('tracking')?.split(',');
        return list(
          fake.parcels
            .filter(
              (p) => (orderId === null || p.order_id === orderId) && (!trackings || trackings.includes(p.tracking)),
            )
            .map(view),
        );
      }
      const one = /^\/v1\/parcels\/([^/]+)\/?$/.exec(url.pathname);
      if (req.method === 'DELETE' && one) {
        const tracking = decodeURIComponent(one[1] ?? '');
        const index = fake.parcels.findIndex((p) => p.tracking === tracking);
        const deletable = index >= 0 && fake.parcels[index]?.last_status === 'En préparation';
        if (deletable) fake.parcels.splice(index, 1);
        return send(200, [{ tracking, deleted: deletable }]);
      }
      if (req.method === 'GET' && one) {
        const parcel = fake.parcels.find((p) => p.tracking === decodeURIComponent(one[1] ?? ''));
        return parcel ? list([view(parcel)]) : send(404, { error: { code: 404, message: 'Not found' } });
      }
      if (req.method === 'GET' && url.pathname === '/v1/histories/') {
        const tracking = url.searchParams.get('tracking');
        return list(
          fake.parcels
            .filter((p) => p.tracking === tracking)
            .map((p) => ({
              tracking: p.tracking,
              status: p.last_status,
              date_status: p.date_last_status ?? '2026-01-01 10:00:00',
            })),
        );
      }
      if (req.method === 'GET' && url.pathname === '/v1/fees/') {
        const from = Number(url.searchParams.get('from_wilaya_id'));
        const to = Number(url.searchParams.get('to_wilaya_id'));
        if (!from || !to) {
          return send(400, { error: { code: 400, message: 'from_wilaya_id and to_wilaya_id are required' } });
        }
        const grid = fake.fees.has(to) ? fake.fees.get(to) : to <= 58 ? defaultFees(to) : null;
        if (!grid) return send(404, { error: { code: 404, message: 'Not found' } });
        return send(200, {
          from_wilaya_name: WILAYAS.find((w) => w.code === from)?.name ?? '',
          to_wilaya_name: grid.name,
          zone: 2,
          retour_fee: 250,
          cod_percentage: 0.75,
          insurance_percentage: 0.75,
          oversize_fee: 50,
          per_commune: Object.fromEntries(
            grid.communes.map((c) => [
              String(c.id),
              {
                commune_id: c.id,
                commune_name: c.name,
                express_home: c.express_home,
                express_desk: c.express_desk,
                economic_home: null,
                economic_desk: null,
              },
            ]),
          ),
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/centers/') {
        return list(fake.centres);
      }
      send(404, { error: { code: 404, message: 'Not found' } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    createdFor: (orderId: number | string) => fake.parcels.filter((p) => p.order_id === String(orderId)).length,
    stop,
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: stop,
  });
}
