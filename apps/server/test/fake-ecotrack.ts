// A local Ecotrack tenant for the tests, written from the platform's API v1 documentation (its
// Postman collection "ECOTRACK API", as public integrations quote it): Bearer token on every call
// except get/orders/status, which takes api_token in the query; 50 calls a minute, then 429 "Too
// Many Attempts." with X-RateLimit-* headers; POST create/order with every field in the query
// string, answered { success, tracking }, a business refusal as HTTP 200 { success: false, error:
// 10002 } (wilaya not served) and a validation refusal as HTTP 422 { message, errors }; POST
// valid/order; DELETE delete/order ({ delete: "success" }, error 10001 once validated); GET
// get/order/label (a PDF); GET get/orders (40 a page, filters tracking and start_date); GET
// get/orders/status ({ data: { "<tracking>": { status, order_id, activity } } }); GET get/fees
// ({ livraison: [...], retours: [...] }); GET get/communes (an object keyed by index, each { nom,
// wilaya_id, code_postal, has_stop_desk }). Its webhook calls are signed X-ECOTRACK-Signature:
// sha256=<hex HMAC-SHA256 of the raw body>, with X-ECOTRACK-Event-Id, as the platform's shipper
// guide describes them.
// Not confirmed by the documentation found: the exact shape of get/orders/status when it pages
// (read both as an object and a list of objects), the fee table's key for returns ("retours"),
// that a stop desk parcel names the desk by code_postal, and the webhook body beyond event,
// event_id, occurred_at, tracking and state { code, title }.
import { createHmac } from 'node:crypto';
import { fakePdf, startFakeServer, type FakeAnswer, type FakeServer } from './fake-server.ts';

export const FAKE_ECOTRACK_TOKEN = 'ecotrack-test-token';

export type CreateMode = 'ok' | 'hang-after-create' | 'hang-before-create' | 'error-500' | 'quota-429';

export interface FakeEcotrackParcel {
  tracking: string;
  reference: string;
  query: Record<string, string>;
  status: string;
  validated: boolean;
  activity: { date: string; time: string; status: string }[];
  montant: number;
  tarif_prestation: number;
  tarif_retour: number;
  created_at: string;
}

export interface FakeCommune {
  nom: string;
  wilaya_id: number;
  code_postal: string;
  has_stop_desk: 0 | 1;
}

/** The tenant's communes unless a test sets others: spelled its own way (accents, case). */
export const ECOTRACK_COMMUNES: readonly FakeCommune[] = [
  { nom: 'Alger Centre', wilaya_id: 16, code_postal: '1601', has_stop_desk: 0 },
  { nom: 'BAB EZZOUAR', wilaya_id: 16, code_postal: '1628', has_stop_desk: 1 },
  { nom: 'Oran', wilaya_id: 31, code_postal: '3101', has_stop_desk: 1 },
  { nom: 'Bir el Djir', wilaya_id: 31, code_postal: '3102', has_stop_desk: 0 },
  { nom: 'Sétif', wilaya_id: 19, code_postal: '1901', has_stop_desk: 1 },
];

export interface FakeEcotrack extends FakeServer {
  parcels: FakeEcotrackParcel[];
  createdFor(reference: string | number): number;
  createMode: CreateMode;
  /** Calls allowed a minute before 429 (the platform's 50; tests raise it). */
  limit: number;
  /** The Retry-After of a 429, in seconds. */
  retryAfter: number;
  /** Wilayas the tenant delivers to (error 10002 otherwise). */
  served: Set<number>;
  communes: FakeCommune[];
  /** Sets a parcel's status as the courier would (and its activity, dated). */
  setStatus(tracking: string, status: string, at?: string): void;
}

export async function startFakeEcotrack(): Promise<FakeEcotrack> {
  let sequence = 0;
  let window: number[] = [];
  const initial = {
    parcels: [] as FakeEcotrackParcel[],
    createMode: 'ok' as CreateMode,
    limit: 50,
    retryAfter: 60,
    served: new Set(Array.from({ length: 58 }, (_, i) => i + 1)),
    communes: [...ECOTRACK_COMMUNES],
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
    status,
    body,
    headers,
  });

  const server = await startFakeServer((req) => {
    const path = req.url.pathname.replace(/^\/api\/v1/, '');
    const q = Object.fromEntries(req.url.searchParams);
    // get/orders/status authenticates with the query's api_token, every other call with the Bearer header.
    const authorised =
      path === '/get/orders/status'
        ? q.api_token === FAKE_ECOTRACK_TOKEN
        : req.headers.authorization === `Bearer ${FAKE_ECOTRACK_TOKEN}`;
    if (!authorised) return json(401, { message: 'Unauthenticated.' });
    const now = Date.now();
    window = window.filter((t) => t > now - 60_000);
    if (window.length >= fake.limit) {
      return json(
        429,
        { message: 'Too Many Attempts.' },
        {
          'retry-after': String(fake.retryAfter),
          'x-ratelimit-limit': String(fake.limit),
          'x-ratelimit-remaining': '0',
        },
      );
    }
    window.push(now);
    const limits = {
      'x-ratelimit-limit': String(fake.limit),
      'x-ratelimit-remaining': String(fake.limit - window.length),
    };
    const ok = (body: unknown) => json(200, body, limits);
    const find = (tracking: string | undefined) => fake.parcels.find((p) => p.tracking === tracking);

    if (req.method === 'POST' && path === '/create/order') {
      if (fake.createMode === 'quota-429')
        return json(429, { message: 'Too Many Attempts.' }, { 'retry-after': String(fake.retryAfter) });
      if (fake.createMode === 'error-500') return json(500, { message: 'Server Error' });
      if (fake.createMode === 'hang-before-create') return undefined;
      const errors: Record<string, string[]> = {};
      for (const field of ['nom_client', 'telephone', 'adresse', 'commune', 'code_wilaya', 'montant', 'type']) {
        if (!q[field]) errors[field] = [`Le champ ${field} est obligatoire.`];
      }
      if (q.telephone && !/^\d{9,10}$/.test(q.telephone))
        errors.telephone = ['Le téléphone doit contenir 9 ou 10 chiffres.'];
      const wilaya = Number(q.code_wilaya);
      if (Object.keys(errors).length === 0 && !(wilaya >= 1 && wilaya <= 58))
        errors.code_wilaya = ['La wilaya doit être entre 1 et 58.'];
      if (Object.keys(errors).length > 0) return json(422, { message: 'The given data was invalid.', errors });
      if (!fake.served.has(wilaya)) return ok({ success: false, error: 10002, message: 'Wilaya non desservie' });
      const commune = fake.communes.find((c) => c.wilaya_id === wilaya && c.nom === q.commune);
      if (!commune)
        return json(422, {
          message: 'The given data was invalid.',
          errors: { commune: ['La commune sélectionnée est invalide.'] },
        });
      if (q.stop_desk === '1' && commune.has_stop_desk !== 1) {
        return ok({ success: false, error: 10004, message: 'Pas de stop desk dans cette commune' });
      }
      const tracking = `ECO${String(++sequence).padStart(8, '0')}`;
      const day = new Date().toISOString().slice(0, 10);
      fake.parcels.push({
        tracking,
        reference: q.reference ?? '',
        query: q,
        status: 'prete_a_expedier',
        validated: false,
        activity: [{ date: day, time: '09:00:00', status: 'order_information_received_by_carrier' }],
        montant: Number(q.montant),
        tarif_prestation: q.stop_desk === '1' ? 400 : 600,
        tarif_retour: 200,
        created_at: `${day} 09:00:00`,
      });
      if (fake.createMode === 'hang-after-create') return undefined;
      return ok({ success: true, tracking });
    }
    if (req.method === 'POST' && path === '/valid/order') {
      const parcel = find(q.tracking);
      if (!parcel) return ok({ success: false, message: 'Commande introuvable' });
      if (parcel.validated) return ok({ success: false, error: 10001, message: 'Commande déjà validée' });
      parcel.validated = true;
      return ok({ success: true });
    }
    if (req.method === 'DELETE' && path === '/delete/order') {
      const index = fake.parcels.findIndex((p) => p.tracking === q.tracking);
      const parcel = fake.parcels[index];
      if (!parcel) return ok({ delete: 'fail' });
      if (parcel.validated) return ok({ success: false, error: 10001, message: 'Commande non modifiable' });
      fake.parcels.splice(index, 1);
      return ok({ delete: 'success' });
    }
    if (req.method === 'GET' && path === '/get/order/label') {
      const parcel = find(q.tracking);
      return parcel ? { status: 200, bytes: fakePdf(`label ${parcel.tracking}`) } : json(404, { message: 'Not found' });
    }
    if (req.method === 'GET' && path === '/get/orders') {
      const rows = fake.parcels
        .filter(
          (p) =>
            (!q.tracking || p.tracking === q.tracking) && (!q.start_date || p.created_at.slice(0, 10) >= q.start_date),
        )
        .map((p) => ({
          tracking: p.tracking,
          reference: p.reference || null,
          client: p.query.nom_client,
          phone: p.query.telephone,
          adresse: p.query.adresse,
          commune: p.query.commune,
          wilaya_id: Number(p.query.code_wilaya),
          montant: String(p.montant),
          tarif_prestation: String(p.tarif_prestation),
          tarif_retour: String(p.tarif_retour),
          type_id: 1,
          created_at: p.created_at,
          status: p.status,
        }));
      const page = Math.max(1, Number(q.page ?? 1));
      const last = Math.max(1, Math.ceil(rows.length / 40));
      return ok({
        current_page: page,
        data: rows.slice((page - 1) * 40, page * 40),
        last_page: last,
        per_page: 40,
        total: rows.length,
      });
    }
    if (req.method === 'GET' && path === '/get/orders/status') {
      const wanted = (q.trackings ?? '').split(',').filter(Boolean);
      if (wanted.length > 100)
        return json(422, { message: 'The given data was invalid.', errors: { trackings: ['100 au maximum.'] } });
      const data: Record<string, unknown> = {};
      for (const p of fake.parcels.filter((x) => wanted.includes(x.tracking))) {
        data[p.tracking] = { status: p.status, order_id: p.reference, activity: p.activity };
      }
      return ok({ data });
    }
    if (req.method === 'GET' && path === '/get/fees') {
      const rows = (home: number, desk: number) =>
        [...fake.served].map((w) => ({ wilaya_id: w, tarif: String(home + w), tarif_stopdesk: String(desk + w) }));
      return ok({ livraison: rows(600, 400), echange: rows(700, 500), retours: rows(200, 200) });
    }
    if (req.method === 'GET' && path === '/get/communes') {
      const wilaya = q.wilaya_id ? Number(q.wilaya_id) : null;
      const list = fake.communes.filter((c) => wilaya === null || c.wilaya_id === wilaya);
      return ok(Object.fromEntries(list.map((c, i) => [String(i), c])));
    }
    return json(404, { message: 'Not found' });
  });

  // The handler reads this object, so a test's changes (createMode, limit…) take effect.
  const fake: FakeEcotrack = Object.assign(server, initial, {
    createdFor: (reference: string | number) => fake.parcels.filter((p) => p.reference === String(reference)).length,
    setStatus(tracking: string, status: string, at = '2026-03-02 10:00:00') {
      const parcel = fake.parcels.find((p) => p.tracking === tracking);
      if (!parcel) throw new Error(`No parcel ${tracking}`);
      parcel.status = status;
      parcel.activity.push({ date: at.slice(0, 10), time: at.slice(11, 19), status });
    },
  });
  return fake;
}

/** The X-ECOTRACK-Signature of a raw body. */
export function ecotrackSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
