// The Ecotrack platform's API v1, which many Algerian couriers run on, each on its own host
// (https://{tenant}.ecotrack.dz) with a Bearer token. One parcel a call (POST create/order, every
// field in the query string, `montant` the amount to collect including the delivery fee); a
// parcel waits until it is validated (POST valid/order: the hand-over, after which it can no
// longer be deleted); its label is a PDF behind the token (GET get/order/label); statuses are
// read by the hundred (GET get/orders/status, the token as a query parameter: that endpoint does
// not take the Bearer header); a parcel is found by its reference in the order list (GET
// get/orders, 40 a page, the last 90 days). The platform allows 50 calls a minute: calls are paced
// under it. Communes and stop desks are the tenant's own (GET get/communes: a commune with
// has_stop_desk is a desk, its code_postal the desk's code), matched to ours at set-up.
import { wilayaIn } from '@shop/domain/geo/wilayas';
import {
  courierWilaya,
  CourierError,
  type Courier,
  type ParcelInfo,
  type ParcelOutcome,
  type ParcelStatus,
  type PlaceLookup,
  type Quota,
  type StopDesk,
  type WilayaFees,
} from './courier.ts';
import { createHttpClient, listOf, localPhone, num, Pacer, refusalOf, str, type HttpAnswer } from './courier-http.ts';

export interface EcotrackOptions {
  /** The tenant's host, e.g. https://dhd.ecotrack.dz. */
  host: string;
  token: string;
  division: string;
  timeoutMs: number;
  /** Validate each parcel as soon as it is made (else the owner hands parcels over when ready). */
  handOverOnCreate?: boolean;
  places?: PlaceLookup;
  pacer?: Pacer;
}

/** Under the platform's 50 calls a minute, leaving room for the owner's own use of the token. */
export const ECOTRACK_CALLS_PER_MINUTE = 45;
/** Tracking numbers per status call (the platform's maximum). */
export const ECOTRACK_STATUS_BATCH = 100;
/** Order list pages read to find a parcel by its reference (40 parcels a page). */
const FIND_PAGES = 25;
/** get/fees is asked again after this long. */
const FEES_TTL_MS = 6 * 3_600_000;

interface EcotrackFeeRow {
  wilaya_id?: unknown;
  tarif?: unknown;
  tarif_stopdesk?: unknown;
}

export function createEcotrack(options: EcotrackOptions): Courier {
  const host = options.host.replace(/\/+$/, '');
  const label = `Ecotrack (${host.replace(/^https?:\/\//, '')})`;
  const pacer = options.pacer ?? new Pacer(ECOTRACK_CALLS_PER_MINUTE, 60_000);
  const http = createHttpClient({
    courier: label,
    base: `${host}/api/v1`,
    timeoutMs: options.timeoutMs,
    headers: () => ({ authorization: `Bearer ${options.token}` }),
    pacer,
  });
  let fees: { at: number; delivery: Map<number, EcotrackFeeRow>; returns: Map<number, EcotrackFeeRow> } | null = null;

  /** A refusal of the whole call (bad token, the public API off for the account). */
  function refusedCall(answer: HttpAnswer, what: string): CourierError {
    if (answer.status === 401 || answer.status === 403) {
      return new CourierError(
        'refused',
        `${label} refused the token (HTTP ${answer.status}): check the account's API token`,
        false,
      );
    }
    return new CourierError(
      'refused',
      refusalOf(answer.body, `${label} refused ${what} (HTTP ${answer.status})`),
      false,
    );
  }

  async function feeTables() {
    if (fees && Date.now() - fees.at < FEES_TTL_MS) return fees;
    const answer = await http.call('GET', '/get/fees');
    if (answer.status !== 200) throw refusedCall(answer, 'the fees');
    const body = (answer.body ?? {}) as Record<string, unknown>;
    const byWilaya = (rows: unknown) =>
      new Map(
        listOf(rows)
          .filter((r): r is EcotrackFeeRow => !!r && typeof r === 'object')
          .map((r) => [num(r.wilaya_id) ?? 0, r] as const),
      );
    fees = { at: Date.now(), delivery: byWilaya(body.livraison), returns: byWilaya(body.retours ?? body.retour) };
    return fees;
  }

  /** The parcel of an order list row. */
  function infoOf(row: Record<string, unknown>): ParcelInfo | null {
    const tracking = str(row.tracking);
    if (!tracking) return null;
    return { tracking, orderId: str(row.reference), label: null, lastStatus: str(row.status) || null };
  }

  /** The newest dated activity of a status entry, as "YYYY-MM-DD HH:MM:SS". */
  function lastActivityAt(entry: Record<string, unknown>): string | null {
    const dates = listOf(entry.activity)
      .map((a) => a as Record<string, unknown>)
      .map((a) => `${str(a.date)} ${str(a.time) || '00:00:00'}`.trim())
      .filter((d) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(d))
      .sort();
    const last = dates.at(-1);
    return last ? `${last.slice(0, 16)}${last.length >= 19 ? last.slice(16, 19) : ':00'}` : null;
  }

  async function statuses(trackings: readonly string[]): Promise<Map<string, ParcelStatus>> {
    const found = new Map<string, ParcelStatus>();
    for (let i = 0; i < trackings.length; i += ECOTRACK_STATUS_BATCH) {
      const chunk = trackings.slice(i, i + ECOTRACK_STATUS_BATCH);
      const answer = await http.call('GET', '/get/orders/status', {
        query: { api_token: options.token, trackings: chunk.join(','), status: 'all' },
      });
      if (answer.status === 404) continue;
      if (answer.status !== 200) throw refusedCall(answer, 'the statuses');
      // { data: { "<tracking>": { status, order_id, activity } } }, or the same inside a list of pages.
      const data = (answer.body as { data?: unknown } | null)?.data;
      const entries = Array.isArray(data) ? data : [data];
      for (const page of entries) {
        if (!page || typeof page !== 'object') continue;
        for (const [tracking, value] of Object.entries(page as Record<string, unknown>)) {
          if (!chunk.includes(tracking) || !value || typeof value !== 'object') continue;
          const entry = value as Record<string, unknown>;
          const status = str(entry.status);
          if (status) found.set(tracking, { status, at: lastActivityAt(entry) });
        }
      }
    }
    return found;
  }

  async function places() {
    const answer = await http.call('GET', '/get/communes');
    if (answer.status !== 200) throw refusedCall(answer, 'the communes');
    const communes: { wilayaCode: number; name: string; code: string | null }[] = [];
    const desks: (StopDesk & { wilayaCode: number })[] = [];
    for (const value of listOf(answer.body)) {
      const c = (value ?? {}) as Record<string, unknown>;
      const wilayaCode = num(c.wilaya_id);
      const name = str(c.nom);
      if (wilayaCode === null || !name) continue;
      const code = str(c.code_postal) || null;
      communes.push({ wilayaCode, name, code });
      if (num(c.has_stop_desk) === 1 && code) {
        desks.push({
          id: code,
          name: `${label.replace(/^Ecotrack \(|\)$/g, '')} ${name}`,
          address: '',
          commune: name,
          wilaya: wilayaIn(options.division, wilayaCode)?.name ?? String(wilayaCode),
          wilayaCode,
        });
      }
    }
    return { communes, desks };
  }

  return {
    name: 'ecotrack',
    division: options.division,
    statusBatch: ECOTRACK_STATUS_BATCH,
    handOverOnCreate: options.handOverOnCreate ?? false,

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
          outcomes.set(p.orderId, { kind: 'refused', message: `${label} has no wilaya ${p.wilaya} in its list` });
          continue;
        }
        const commune = (await options.places?.('commune', code, p.commune))?.name ?? p.commune;
        const desk = p.stopDesk && p.stopDeskId ? await options.places?.('desk', code, p.stopDeskId) : null;
        let answer: HttpAnswer;
        try {
          answer = await http.call('POST', '/create/order', {
            query: {
              reference: String(p.orderId),
              nom_client: `${p.firstname} ${p.familyname}`.trim().slice(0, 255),
              telephone: localPhone(p.phone),
              adresse: p.address.slice(0, 255),
              commune: desk?.name ?? commune,
              code_wilaya: code,
              montant: Math.round(p.price),
              type: 1,
              stop_desk: p.stopDesk ? 1 : 0,
              ...(p.stopDesk && p.stopDeskId ? { code_postal: p.stopDeskId } : {}),
              produit: p.products.slice(0, 255),
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
        } else {
          outcomes.set(p.orderId, {
            kind: 'refused',
            message: refusalOf(body, `Refused by ${label} (HTTP ${answer.status})`),
          });
        }
      }
      return outcomes;
    },

    async findParcelByOrder(orderId: number) {
      const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      for (let page = 1; page <= FIND_PAGES; page++) {
        const answer = await http.call('GET', '/get/orders', { query: { page, start_date: since } });
        if (answer.status !== 200) throw refusedCall(answer, 'the order list');
        const body = (answer.body ?? {}) as { data?: unknown; last_page?: unknown };
        for (const row of listOf(body.data)) {
          const parcel = infoOf(row as Record<string, unknown>);
          if (parcel && parcel.orderId === String(orderId)) return parcel;
        }
        if ((num(body.last_page) ?? page) <= page) return null;
      }
      // Not in the pages read: said as a failure, so the mark stays and nothing is made again.
      throw new CourierError(
        'failed',
        `${label}'s order list is longer than ${FIND_PAGES} pages: the parcel could not be looked for`,
        true,
      );
    },

    async parcelByTracking(tracking: string) {
      const answer = await http.call('GET', '/get/orders', { query: { tracking } });
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusedCall(answer, 'the parcel');
      const rows = listOf((answer.body as { data?: unknown } | null)?.data);
      const row = rows.find((r) => str((r as Record<string, unknown>).tracking) === tracking);
      return row ? infoOf(row as Record<string, unknown>) : null;
    },

    // Deleted only while not validated: error 10001 after, given back as the courier's reason.
    async cancelParcel(tracking: string) {
      const answer = await http.call('DELETE', '/delete/order', { query: { tracking } });
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (answer.status === 200 && (body.delete === 'success' || body.success === true))
        return { kind: 'cancelled' as const };
      if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the cancellation');
      return {
        kind: 'refused' as const,
        message: refusalOf(body, `${label} deletes a parcel only before it is validated (handed over)`),
      };
    },

    async handOver(tracking: string) {
      const answer = await http.call('POST', '/valid/order', { query: { tracking, ask_collection: 1 } });
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (answer.status === 200 && body.success !== false) return { kind: 'done' as const };
      if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the validation');
      return {
        kind: 'refused' as const,
        message: refusalOf(body, `${label} refused the validation (HTTP ${answer.status})`),
      };
    },

    async label(tracking: string) {
      const answer = await http.call('GET', '/get/order/label', { query: { tracking } });
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusedCall(answer, 'the label');
      return { contentType: answer.headers.get('content-type') ?? 'application/pdf', body: answer.bytes };
    },

    parcelStatuses: statuses,

    async parcelStatus(tracking: string) {
      return (await statuses([tracking])).get(tracking) ?? null;
    },

    async stopDesks(): Promise<StopDesk[]> {
      return (await places()).desks;
    },

    places,

    async parcelFees(to) {
      const tables = await feeTables();
      const pick = (row: EcotrackFeeRow | undefined) =>
        row ? num(to.stopDesk ? row.tarif_stopdesk : row.tarif) : null;
      const delivery = pick(tables.delivery.get(to.wilayaCode));
      const back = pick(tables.returns.get(to.wilayaCode));
      return delivery === null && back === null ? null : { delivery, return: back };
    },

    // get/fees gives one price per wilaya (home and stop desk), the same for its communes.
    async deliveryFees(_from: number, toWilayaCode: number): Promise<WilayaFees | null> {
      const row = (await feeTables()).delivery.get(toWilayaCode);
      if (!row) return null;
      const fee = (v: unknown) => {
        const n = num(v);
        return n !== null && n > 0 ? n : null;
      };
      return {
        wilayaCode: toWilayaCode,
        wilaya: courierWilaya(wilayaIn(options.division, toWilayaCode)?.name ?? '', options.division).name,
        communes: [{ commune: '', home: fee(row.tarif), desk: fee(row.tarif_stopdesk) }],
      };
    },

    quota(): Quota {
      return { second: null, minute: pacer.remaining, hour: null, day: null };
    },
  };
}
