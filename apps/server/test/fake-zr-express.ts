// A local ZR Express for the tests, written from what its current API's users document (the API
// at https://api.zrexpress.app/api/v1 and its OpenAPI page /docs, as quoted by the PHP package of
// Algerian couriers and by live integrations): X-Api-Key and X-Tenant on every call; POST
// territories/search and POST hubs/search ({ pageNumber, pageSize } → { items, hasNext }),
// territories being wilayas (with their number, `code`) and communes (their parent the wilaya);
// POST parcels → 201 { id }, GET parcels/{id or tracking number} → the parcel with its
// trackingNumber, externalId and state { name }; POST parcels/search; DELETE parcels/{id}; GET
// delivery-pricing/rates ({ rates: [{ toTerritoryId, deliveryPrices: [{ deliveryType, price }] }] }
// with home, pickup-point and return prices). Refusals are problem details ({ title, detail, errors }).
// Its webhooks are sent through Svix: svix-id, svix-timestamp and svix-signature ("v1,<base64
// HMAC-SHA256 of id.timestamp.body>" with the endpoint's whsec_ secret), the body { eventType,
// occurredAt, data }.
// Not confirmed by the documentation found: whether parcels/search filters by externalId (the
// fake lists every parcel and the client looks for it), the hub's address fields (cityTerritoryId,
// district, street), the field naming the hub of a pickup-point parcel (deliveryAddress.hubId), the
// parcel's date of its last state (lastStateUpdateAt), a rate limit (none documented: the fake has
// none), and the webhook's data beyond trackingNumber and state.name.
import { createHmac, randomUUID } from 'node:crypto';
import { startFakeServer, type FakeAnswer, type FakeServer } from './fake-server.ts';
import type { CreateMode } from './fake-ecotrack.ts';

export const FAKE_ZR_KEY = 'zr-test-key';
export const FAKE_ZR_TENANT = '0a1b2c3d-0000-4000-8000-000000000001';

interface Territory {
  id: string;
  code?: number;
  name: string;
  level: 'wilaya' | 'commune';
  parentId: string | null;
}

export interface FakeZrParcel {
  id: string;
  trackingNumber: string;
  externalId: string;
  body: Record<string, unknown>;
  state: string;
  lastStateUpdateAt: string;
}

/** Alger and Oran with two communes each, and a hub in each. */
function defaultTerritories(): Territory[] {
  const w16 = randomUUID();
  const w31 = randomUUID();
  return [
    { id: w16, code: 16, name: 'Alger', level: 'wilaya', parentId: null },
    { id: w31, code: 31, name: 'Oran', level: 'wilaya', parentId: null },
    { id: randomUUID(), name: 'Alger Centre', level: 'commune', parentId: w16 },
    { id: randomUUID(), name: 'Bab Ezzouar', level: 'commune', parentId: w16 },
    { id: randomUUID(), name: 'Oran', level: 'commune', parentId: w31 },
    { id: randomUUID(), name: 'Bir El Djir', level: 'commune', parentId: w31 },
  ];
}

export interface FakeZrExpress extends FakeServer {
  parcels: FakeZrParcel[];
  territories: Territory[];
  hubs: { id: string; name: string; address: Record<string, unknown> }[];
  createMode: CreateMode;
  createdFor(externalId: string | number): number;
  setState(tracking: string, state: string, at?: string): void;
}

export async function startFakeZrExpress(): Promise<FakeZrExpress> {
  let sequence = 0;
  const territories = defaultTerritories();
  const city = (code: number) => territories.find((t) => t.code === code)!;
  const initial = {
    parcels: [] as FakeZrParcel[],
    territories,
    hubs: [
      {
        id: randomUUID(),
        name: 'Hub Alger 16',
        address: { street: 'Zone industrielle', city: 'Alger', district: 'Bab Ezzouar', cityTerritoryId: city(16).id },
      },
      {
        id: randomUUID(),
        name: 'Hub Oran 31',
        address: { street: 'Rue Larbi Ben M’hidi', city: 'Oran', district: 'Oran', cityTerritoryId: city(31).id },
      },
    ],
    createMode: 'ok' as CreateMode,
  };
  const json = (status: number, body?: unknown): FakeAnswer => ({ status, body });
  const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
    json(status, { type: 'about:blank', title: 'Validation failed', status, detail, ...(errors ? { errors } : {}) });
  const view = (p: FakeZrParcel) => ({
    id: p.id,
    trackingNumber: p.trackingNumber,
    externalId: p.externalId,
    amount: p.body.amount,
    deliveryType: p.body.deliveryType,
    state: { name: p.state, description: p.state.replace(/_/g, ' ') },
    lastStateUpdateAt: p.lastStateUpdateAt,
  });
  const page = (items: unknown[], body: unknown) => {
    const { pageNumber = 1, pageSize = 20 } = (body ?? {}) as { pageNumber?: number; pageSize?: number };
    const start = (pageNumber - 1) * pageSize;
    return json(200, {
      items: items.slice(start, start + pageSize),
      pageNumber,
      pageSize,
      hasNext: start + pageSize < items.length,
    });
  };

  const server = await startFakeServer((req) => {
    if (req.headers['x-api-key'] !== FAKE_ZR_KEY || req.headers['x-tenant'] !== FAKE_ZR_TENANT) {
      return json(401, { title: 'Unauthorized', status: 401 });
    }
    const path = req.url.pathname.replace(/^\/api\/v1/, '');
    if (req.method === 'POST' && path === '/territories/search') {
      return page(
        fake.territories.map((t) => ({
          ...t,
          delivery: { canSend: true, hasHomeDelivery: true, hasPickupPoint: true },
        })),
        req.json,
      );
    }
    if (req.method === 'POST' && path === '/hubs/search') return page(fake.hubs, req.json);
    if (req.method === 'POST' && path === '/parcels/search') return page(fake.parcels.map(view), req.json);
    if (req.method === 'POST' && path === '/parcels') {
      // Asks for no wait, so the next test is not held up (Ecotrack's tests cover a real wait).
      if (fake.createMode === 'quota-429') {
        return { status: 429, body: { title: 'Too Many Requests', status: 429 }, headers: { 'retry-after': '0' } };
      }
      if (fake.createMode === 'error-500') return json(500, { title: 'Internal Server Error', status: 500 });
      if (fake.createMode === 'hang-before-create') return undefined;
      const body = (req.json ?? {}) as Record<string, unknown>;
      const address = (body.deliveryAddress ?? {}) as Record<string, unknown>;
      const district = fake.territories.find((t) => t.id === address.districtTerritoryId && t.level === 'commune');
      if (!district || district.parentId !== address.cityTerritoryId) {
        return problem(400, 'The district does not belong to the city', {
          'deliveryAddress.districtTerritoryId': ['Unknown territory'],
        });
      }
      const phone = ((body.customer ?? {}) as { phone?: { number1?: string } }).phone?.number1 ?? '';
      if (!/^\+213\d{9}$/.test(phone))
        return problem(400, 'Invalid phone number', { 'customer.phone.number1': ['Invalid phone number'] });
      if (body.deliveryType === 'pickup-point' && !fake.hubs.some((h) => h.id === address.hubId)) {
        return problem(400, 'A pickup-point parcel needs a hub', { 'deliveryAddress.hubId': ['Unknown hub'] });
      }
      const parcel: FakeZrParcel = {
        id: randomUUID(),
        trackingNumber: `31-ZR${String(++sequence).padStart(5, '0')}-ZR`,
        externalId: typeof body.externalId === 'string' ? body.externalId : '',
        body,
        state: 'commande_recue',
        lastStateUpdateAt: new Date().toISOString(),
      };
      fake.parcels.push(parcel);
      if (fake.createMode === 'hang-after-create') return undefined;
      return json(201, { id: parcel.id });
    }
    const one = /^\/parcels\/([^/]+)$/.exec(path);
    if (one) {
      const key = decodeURIComponent(one[1] ?? '');
      const index = fake.parcels.findIndex((p) => p.id === key || p.trackingNumber === key);
      const parcel = fake.parcels[index];
      if (!parcel) return problem(404, 'Parcel not found');
      if (req.method === 'GET') return json(200, view(parcel));
      if (req.method === 'DELETE') {
        if (parcel.state !== 'commande_recue' && parcel.state !== 'en_preparation') {
          return problem(409, 'The parcel has left the warehouse and cannot be deleted');
        }
        fake.parcels.splice(index, 1);
        return json(204);
      }
    }
    if (req.method === 'GET' && path === '/delivery-pricing/rates') {
      return json(200, {
        rates: fake.territories
          .filter((t) => t.level === 'commune')
          .map((t) => ({
            toTerritoryId: t.id,
            toTerritoryName: t.name,
            toTerritoryLevel: 'commune',
            deliveryPrices: [
              { deliveryType: 'home', price: 650 },
              { deliveryType: 'pickup-point', price: 450 },
              { deliveryType: 'return', price: 250 },
            ],
          })),
      });
    }
    return problem(404, 'Not found');
  });
  // The handler reads this object, so a test's changes (createMode, limit…) take effect.
  const fake: FakeZrExpress = Object.assign(server, initial, {
    createdFor: (externalId: string | number) => fake.parcels.filter((p) => p.externalId === String(externalId)).length,
    setState(tracking: string, state: string, at = new Date().toISOString()) {
      const parcel = fake.parcels.find((p) => p.trackingNumber === tracking);
      if (!parcel) throw new Error(`No parcel ${tracking}`);
      parcel.state = state;
      parcel.lastStateUpdateAt = at;
    },
  });
  return fake;
}

/** A Svix endpoint secret, as ZR's dashboard gives it. */
export const FAKE_ZR_WEBHOOK_SECRET = `whsec_${Buffer.from('zr-webhook-secret-0123456789abcd').toString('base64')}`;

/** The svix-* headers of a webhook call. */
export function svixHeaders(
  body: string,
  secret: string,
  id = `msg_${randomUUID()}`,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': String(timestamp), 'svix-signature': `v1,${signature}` };
}
