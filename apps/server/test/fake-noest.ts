// A local NOEST for the tests, written from its public API documentation (version 2.3, as
// integrators quote it): Bearer token on every call and user_guid in each body; POST
// api/public/create/order → { success, tracking, reference }, refused with a validation bag (422
// { message, errors }) or a business error (duplicate_order for a reference it has, inactive_commune,
// station_code…); POST valid/order (mandatory before NOEST takes the parcel; already_validated the
// second time); POST delete/order (only before validation); POST get/trackings/info ({ trackings })
// keyed by tracking number with OrderInfo and activity [{ event_key, event, date }]; GET desks (keyed
// by desk code: "16A"…); GET get/communes; GET fees ({ tarifs: { delivery, return } } per wilaya
// number); GET get/order/label (a PDF); 60 calls a minute.
// Not confirmed by the documentation found: the exact body of get/trackings/info (the fields named
// OrderInfo and activity, the date's format), of get/communes (nom, wilaya_id, code_postal,
// is_active) and of a business refusal ({ success: false, message } naming the error's key); NOEST
// documents no webhook, so the fake sends none.
import { fakePdf, startFakeServer, type FakeAnswer, type FakeServer } from './fake-server.ts';
import type { CreateMode } from './fake-ecotrack.ts';

export const FAKE_NOEST_TOKEN = 'noest-test-token';
export const FAKE_NOEST_GUID = 'GUID1234';

export interface FakeNoestParcel {
  tracking: string;
  reference: string;
  body: Record<string, unknown>;
  validated: boolean;
  activity: { event_key: string; event: string; date: string }[];
}

export interface FakeNoest extends FakeServer {
  parcels: FakeNoestParcel[];
  createMode: CreateMode;
  /** Calls a minute before 429. */
  limit: number;
  createdFor(reference: string): number;
  addEvent(tracking: string, key: string, at?: string): void;
}

const COMMUNES = [
  { nom: 'Alger Centre', wilaya_id: 16, code_postal: '16001', is_active: 1 },
  { nom: 'Bab Ezzouar', wilaya_id: 16, code_postal: '16042', is_active: 1 },
  { nom: 'Oran', wilaya_id: 31, code_postal: '31001', is_active: 1 },
  { nom: 'Bir El Djir', wilaya_id: 31, code_postal: '31011', is_active: 1 },
];

const DESKS = {
  '16A': {
    code: '16A',
    name: 'Alger Bab Ezzouar',
    address: 'Cité 5 Juillet',
    commune: 'Bab Ezzouar',
    phones: { 0: '0550000016' },
  },
  '31A': {
    code: '31A',
    name: 'Oran Centre',
    address: 'Boulevard de la Soummam',
    commune: 'Oran',
    phones: { 0: '0550000031' },
  },
};

export async function startFakeNoest(): Promise<FakeNoest> {
  let sequence = 0;
  let window: number[] = [];
  const initial = { parcels: [] as FakeNoestParcel[], createMode: 'ok' as CreateMode, limit: 60 };
  const json = (status: number, body: unknown): FakeAnswer => ({ status, body });
  const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_NOEST_TOKEN}`) return json(401, { message: 'Unauthenticated.' });
    const t = Date.now();
    window = window.filter((x) => x > t - 60_000);
    if (window.length >= fake.limit)
      return { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '60' } };
    window.push(t);
    const path = req.url.pathname.replace(/^\/api\/public/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    const guidOk = body.user_guid === FAKE_NOEST_GUID;
    const find = (tracking: unknown) => fake.parcels.find((p) => p.tracking === tracking);

    if (req.method === 'POST' && path === '/create/order') {
      // Asks for no wait, so the next test is not held up (Ecotrack's tests cover a real wait).
      if (fake.createMode === 'quota-429')
        return { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '0' } };
      if (fake.createMode === 'error-500') return json(500, { message: 'Server Error' });
      if (fake.createMode === 'hang-before-create') return undefined;
      const errors: Record<string, string[]> = {};
      if (!guidOk) errors.user_guid = ['The selected user guid is invalid.'];
      for (const field of ['client', 'phone', 'adresse', 'montant', 'produit'])
        if (!body[field]) errors[field] = [`The ${field} field is required.`];
      if (typeof body.phone === 'string' && !/^\d{9,10}$/.test(body.phone))
        errors.phone = ['The phone format is invalid.'];
      if (typeof body.reference === 'string' && body.reference.length < 5)
        errors.reference = ['The reference must be at least 5 characters.'];
      if (body.stop_desk === 1 && !body.station_code)
        errors.station_code = ['The station code field is required when stop desk is 1.'];
      if (Object.keys(errors).length > 0) return json(422, { message: 'The given data was invalid.', errors });
      if (body.reference && fake.parcels.some((p) => p.reference === body.reference)) {
        return json(200, { success: false, message: 'duplicate_order' });
      }
      if (!COMMUNES.some((c) => c.wilaya_id === body.wilaya_id && c.nom === body.commune)) {
        return json(200, { success: false, message: 'inactive_commune' });
      }
      if (body.stop_desk === 1 && !String(body.station_code).startsWith(String(body.wilaya_id))) {
        return json(200, { success: false, message: 'station_code' });
      }
      const tracking = `NST${String(++sequence).padStart(9, '0')}`;
      fake.parcels.push({
        tracking,
        reference: typeof body.reference === 'string' ? body.reference : '',
        body,
        validated: false,
        activity: [{ event_key: 'upload', event: 'Uploadé sur le système', date: now() }],
      });
      if (fake.createMode === 'hang-after-create') return undefined;
      return json(200, {
        success: true,
        tracking,
        reference: body.reference,
        regional_hub_name: 'W',
        wilaya_rank: `${String(body.wilaya_id)}B`,
      });
    }
    if (req.method === 'POST' && path === '/valid/order') {
      const parcel = find(body.tracking);
      if (!guidOk || !parcel) return json(200, { success: false, message: 'Commande introuvable' });
      if (parcel.validated) return json(200, { success: false, message: 'already_validated' });
      parcel.validated = true;
      parcel.activity.push({ event_key: 'customer_validation', event: 'Validé', date: now() });
      return json(200, { success: true });
    }
    if (req.method === 'POST' && path === '/delete/order') {
      const parcel = find(body.tracking);
      if (!guidOk || !parcel) return json(200, { success: false, message: 'Commande introuvable' });
      if (parcel.validated)
        return json(200, { success: false, message: 'Commande déjà validée: suppression impossible' });
      fake.parcels.splice(fake.parcels.indexOf(parcel), 1);
      return json(200, { success: true });
    }
    if (req.method === 'POST' && path === '/get/trackings/info') {
      const wanted = Array.isArray(body.trackings) ? (body.trackings as string[]) : [];
      const out: Record<string, unknown> = {};
      for (const p of fake.parcels.filter((x) => wanted.includes(x.tracking))) {
        out[p.tracking] = {
          OrderInfo: { tracking: p.tracking, reference: p.reference, client: p.body.client, montant: p.body.montant },
          recipientName: p.body.client,
          activity: p.activity,
        };
      }
      return json(200, out);
    }
    if (req.method === 'GET' && path === '/desks') return json(200, DESKS);
    if (req.method === 'GET' && path === '/get/communes') return json(200, COMMUNES);
    if (req.method === 'GET' && path === '/fees') {
      const rows = (home: number, desk: number) =>
        Object.fromEntries(
          [16, 31].map((w) => [String(w), { wilaya_id: w, tarif: String(home), tarif_stopdesk: String(desk) }]),
        );
      return json(200, { tarifs: { delivery: rows(550, 350), return: rows(200, 200) } });
    }
    if (req.method === 'GET' && path === '/get/order/label') {
      const parcel = find(req.url.searchParams.get('tracking'));
      return parcel ? { status: 200, bytes: fakePdf(`NOEST ${parcel.tracking}`) } : json(404, { message: 'Not found' });
    }
    return json(404, { message: 'Not found' });
  });
  // The handler reads this object, so a test's changes (createMode, limit…) take effect.
  const fake: FakeNoest = Object.assign(server, initial, {
    createdFor: (reference: string) => fake.parcels.filter((p) => p.reference === reference).length,
    addEvent(tracking: string, key: string, at = now()) {
      const parcel = find(tracking);
      if (!parcel) throw new Error(`No parcel ${tracking}`);
      parcel.activity.push({ event_key: key, event: key, date: at });
    },
  });
  function find(tracking: string) {
    return fake.parcels.find((p) => p.tracking === tracking);
  }
  return fake;
}
