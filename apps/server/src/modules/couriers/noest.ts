// NOEST's public API (https://app.noest-dz.com/api/public, version 2.3): a Bearer token and the
// account's user GUID in every body. A parcel is POST create/order (answered { success, tracking })
// and must then be validated (POST valid/order) before NOEST takes it; only a parcel not validated
// can be deleted (POST delete/order). A stop desk parcel names its desk by station_code (GET desks,
// keyed by code: "16A"…). Statuses are its tracking events, read by the hundred (POST
// get/trackings/info). NOEST refuses a second order with one reference (duplicate_order) and has no
// search by reference: after a lost answer the order is sent again under the same reference, and a
// duplicate means the parcel exists (its tracking number is then attached by the owner). Fees: GET
// fees (delivery and return, home and stop desk, per wilaya). 60 calls a minute by default.
import { NOEST_INFORMATIONAL } from '@shop/domain/courier-statuses';
import { wilayaIn } from '@shop/domain/geo/wilayas';
import {
  CourierError,
  type Courier,
  type ParcelInfo,
  type ParcelOutcome,
  type ParcelStatus,
  type PlaceLookup,
  type Quota,
  type StopDesk,
} from './courier.ts';
import { createHttpClient, listOf, localPhone, num, Pacer, refusalOf, str, type HttpAnswer } from './courier-http.ts';

export interface NoestOptions {
  /** https://app.noest-dz.com, or a test's fake. */
  apiUrl: string;
  apiToken: string;
  userGuid: string;
  division: string;
  timeoutMs: number;
  places?: PlaceLookup;
  pacer?: Pacer;
}

export const NOEST_STATUS_BATCH = 100;
const FEES_TTL_MS = 6 * 3_600_000;

/** NOEST's reference for an order: at least 5 characters. */
export function noestReference(orderId: number): string {
  return `CMD-${orderId}`;
}

export function createNoest(options: NoestOptions): Courier {
  const label = 'NOEST';
  const pacer = options.pacer ?? new Pacer(55, 60_000);
  const http = createHttpClient({
    courier: label,
    base: `${options.apiUrl.replace(/\/+$/, '')}/api/public`,
    timeoutMs: options.timeoutMs,
    headers: () => ({ authorization: `Bearer ${options.apiToken}` }),
    pacer,
  });
  let fees: { at: number; delivery: Record<string, unknown>; back: Record<string, unknown> } | null = null;

  function refusedCall(answer: HttpAnswer, what: string): CourierError {
    if (answer.status === 401 || answer.status === 403) {
      return new CourierError('refused', `${label} refused the token or user GUID (HTTP ${answer.status})`, false);
    }
    return new CourierError(
      'refused',
      refusalOf(answer.body, `${label} refused ${what} (HTTP ${answer.status})`),
      false,
    );
  }

  /** Each tracking number's entry of get/trackings/info ({ "<tracking>": { OrderInfo, activity } }). */
  async function infos(trackings: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < trackings.length; i += NOEST_STATUS_BATCH) {
      const chunk = trackings.slice(i, i + NOEST_STATUS_BATCH);
      const answer = await http.call('POST', '/get/trackings/info', { json: { trackings: chunk } });
      if (answer.status === 404) continue;
      if (answer.status !== 200) throw refusedCall(answer, 'the tracking information');
      for (const [tracking, value] of Object.entries((answer.body ?? {}) as Record<string, unknown>)) {
        if (chunk.includes(tracking) && value && typeof value === 'object')
          found.set(tracking, value as Record<string, unknown>);
      }
    }
    return found;
  }

  /** The newest event that says where the parcel is (an edit or an extra fee does not). */
  function statusOf(entry: Record<string, unknown>): ParcelStatus | null {
    const events = (listOf(entry.activity) as Record<string, unknown>[])
      .map((a) => ({ key: str(a.event_key), at: str(a.date).replace('T', ' ').slice(0, 19) }))
      .filter((a) => a.key !== '' && !NOEST_INFORMATIONAL.has(a.key))
      .sort((a, b) => a.at.localeCompare(b.at));
    const last = events.at(-1);
    return last ? { status: last.key, at: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(last.at) ? last.at : null } : null;
  }

  async function feeTables() {
    if (fees && Date.now() - fees.at < FEES_TTL_MS) return fees;
    const answer = await http.call('GET', '/fees');
    if (answer.status !== 200) throw refusedCall(answer, 'the fees');
    const tarifs = ((answer.body ?? {}) as { tarifs?: Record<string, unknown> }).tarifs ?? {};
    fees = {
      at: Date.now(),
      delivery: (tarifs.delivery ?? {}) as Record<string, unknown>,
      back: (tarifs.return ?? {}) as Record<string, unknown>,
    };
    return fees;
  }

  async function desks(): Promise<(StopDesk & { wilayaCode: number })[]> {
    const answer = await http.call('GET', '/desks');
    if (answer.status !== 200) throw refusedCall(answer, 'the desks');
    const list: (StopDesk & { wilayaCode: number })[] = [];
    for (const [key, value] of Object.entries((answer.body ?? {}) as Record<string, unknown>)) {
      const d = (value ?? {}) as Record<string, unknown>;
      const code = str(d.code) || key;
      // A desk's code starts with its wilaya's number ("16A", "1A").
      const wilayaCode = Number(/^\d{1,2}/.exec(code)?.[0] ?? NaN);
      if (!Number.isInteger(wilayaCode)) continue;
      list.push({
        id: code,
        name: str(d.name),
        address: str(d.address),
        commune: str(d.commune),
        wilaya: wilayaIn(options.division, wilayaCode)?.name ?? String(wilayaCode),
        wilayaCode,
      });
    }
    return list;
  }

  return {
    name: 'noest',
    division: options.division,
    statusBatch: NOEST_STATUS_BATCH,
    handOverOnCreate: true,

    async createParcels(parcels) {
      const outcomes = new Map<number, ParcelOutcome>();
      let stop: CourierError | null = null;
      for (const p of parcels) {
        if (stop) {
          outcomes.set(p.orderId, { kind: 'refused', message: stop.message });
          continue;
        }
        const code = p.wilayaCode !== null ? wilayaIn(options.division, p.wilayaCode)?.code : undefined;
        if (code === undefined) {
          outcomes.set(p.orderId, { kind: 'refused', message: `${label} has no wilaya ${p.wilaya}` });
          continue;
        }
        const commune = (await options.places?.('commune', code, p.commune))?.name ?? p.commune;
        let answer: HttpAnswer;
        try {
          answer = await http.call('POST', '/create/order', {
            json: {
              user_guid: options.userGuid,
              reference: noestReference(p.orderId),
              client: `${p.firstname} ${p.familyname}`.trim().slice(0, 255),
              phone: localPhone(p.phone),
              adresse: p.address.slice(0, 255),
              wilaya_id: code,
              commune,
              montant: Math.round(p.price),
              produit: p.products.slice(0, 255),
              type_id: 1,
              stop_desk: p.stopDesk ? 1 : 0,
              ...(p.stopDesk && p.stopDeskId ? { station_code: p.stopDeskId } : {}),
            },
          });
        } catch (error) {
          if (!(error instanceof CourierError)) throw error;
          if (error.sent) outcomes.set(p.orderId, { kind: 'lost', message: error.message });
          else {
            outcomes.set(p.orderId, { kind: 'refused', message: error.message });
            stop = error;
          }
          continue;
        }
        if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the parcel');
        const body = (answer.body ?? {}) as Record<string, unknown>;
        const tracking = str(body.tracking);
        if (answer.status === 200 && body.success !== false && tracking) {
          outcomes.set(p.orderId, { kind: 'created', tracking, label: null });
          continue;
        }
        const message = refusalOf(body, `Refused by ${label} (HTTP ${answer.status})`);
        if (/duplicate_order/i.test(JSON.stringify(body))) {
          outcomes.set(p.orderId, {
            kind: 'exists',
            message: `${label} already has a parcel for reference ${noestReference(p.orderId)} (its answer was lost): attach its tracking number from NOEST's dashboard`,
          });
        } else {
          outcomes.set(p.orderId, { kind: 'refused', message });
        }
      }
      return outcomes;
    },

    async parcelByTracking(tracking: string): Promise<ParcelInfo | null> {
      const entry = (await infos([tracking])).get(tracking);
      if (!entry) return null;
      const info = (entry.OrderInfo ?? {}) as Record<string, unknown>;
      return {
        tracking,
        orderId: str(info.reference).replace(/^CMD-/, ''),
        label: null,
        lastStatus: statusOf(entry)?.status ?? null,
      };
    },

    async parcelStatuses(trackings) {
      const found = new Map<string, ParcelStatus>();
      for (const [tracking, entry] of await infos(trackings)) {
        const status = statusOf(entry);
        if (status) found.set(tracking, status);
      }
      return found;
    },

    async parcelStatus(tracking: string) {
      const entry = (await infos([tracking])).get(tracking);
      return entry ? statusOf(entry) : null;
    },

    async handOver(tracking: string) {
      const answer = await http.call('POST', '/valid/order', { json: { user_guid: options.userGuid, tracking } });
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (answer.status === 200 && body.success !== false) return { kind: 'done' as const };
      if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the validation');
      if (/already_validated/i.test(JSON.stringify(body))) return { kind: 'done' as const };
      return {
        kind: 'refused' as const,
        message: refusalOf(body, `${label} refused the validation (HTTP ${answer.status})`),
      };
    },

    async cancelParcel(tracking: string) {
      const answer = await http.call('POST', '/delete/order', { json: { user_guid: options.userGuid, tracking } });
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (answer.status === 200 && body.success === true) return { kind: 'cancelled' as const };
      if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the cancellation');
      return { kind: 'refused' as const, message: refusalOf(body, `${label} deletes only a parcel not validated yet`) };
    },

    async label(tracking: string) {
      const answer = await http.call('GET', '/get/order/label', { query: { tracking } });
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusedCall(answer, 'the label');
      return { contentType: answer.headers.get('content-type') ?? 'application/pdf', body: answer.bytes };
    },

    stopDesks: desks,

    async places() {
      const answer = await http.call('GET', '/get/communes');
      if (answer.status !== 200) throw refusedCall(answer, 'the communes');
      const communes = (listOf(answer.body) as Record<string, unknown>[])
        .map((c) => ({
          wilayaCode: num(c.wilaya_id),
          name: str(c.nom),
          code: str(c.code_postal) || null,
          active: c.is_active,
        }))
        .filter(
          (c): c is { wilayaCode: number; name: string; code: string | null; active: unknown } =>
            c.wilayaCode !== null && c.name !== '' && c.active !== 0 && c.active !== false,
        )
        .map(({ wilayaCode, name, code }) => ({ wilayaCode, name, code }));
      return { communes, desks: await desks() };
    },

    async parcelFees(to) {
      const tables = await feeTables();
      const pick = (table: Record<string, unknown>) => {
        const row = (table[String(to.wilayaCode)] ?? null) as Record<string, unknown> | null;
        return row ? num(to.stopDesk ? row.tarif_stopdesk : row.tarif) : null;
      };
      const delivery = pick(tables.delivery);
      const back = pick(tables.back);
      return delivery === null && back === null ? null : { delivery, return: back };
    },

    // Its fees are read per parcel (parcelFees); the fee grid import is Yalidine's.
    deliveryFees() {
      return Promise.resolve(null);
    },

    quota(): Quota {
      return { second: null, minute: pacer.remaining, hour: null, day: null };
    },
  };
}
