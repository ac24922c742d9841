// Yalidine's REST API v1 (https://api.yalidine.app/v1): X-API-ID / X-API-TOKEN headers, parcels
// created by the array (POST /parcels/, each order answered under its order_id), a parcel by its
// tracking number or its order_id (GET /parcels/…), its statuses (GET /histories/), the stop desks
// (GET /centers/), its fees (GET /fees/), a parcel cancelled before pick-up (DELETE /parcels/…). Every answer carries the calls left in each window of the account's quota
// (x-second-quota-left… or x-second-quota…): a window at 0 stops the next calls until it is over,
// before Yalidine refuses them (it blocks accounts that run over their quota). Every call gives up
// after the configured time.
import { YALIDINE_PAID } from '@shop/domain/courier-statuses';
import {
  CourierError,
  courierTime,
  courierWilaya,
  type Courier,
  type ParcelInfo,
  type ParcelOutcome,
  type ParcelRequest,
  type ParcelStatus,
  type Quota,
  type StopDesk,
} from './courier.ts';

export interface YalidineOptions {
  apiUrl: string;
  apiId: string;
  apiToken: string;
  /** The shop's own wilaya (from_wilaya_name, required by Yalidine). */
  fromWilaya: string;
  timeoutMs: number;
  /** The wilayas its API knows (YALIDINE_DIVISION): the 58 until Yalidine takes the 69. */
  division?: string;
}

/** The division Yalidine's API speaks unless told otherwise: the 58 wilayas (its wilaya ids 1-58). */
export const YALIDINE_DIVISION = 'wilayas-2019';

const WINDOWS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
type Window = keyof typeof WINDOWS;

/** A parcel as GET /parcels answers it (the fields read here). */
interface YalidineParcel {
  tracking?: unknown;
  order_id?: unknown;
  label?: unknown;
  last_status?: unknown;
  date_last_status?: unknown;
  /** not-ready, ready, receivable, payed (Yalidine has paid the shop). */
  payment_status?: unknown;
  payment_id?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** A string or number field as text ('' otherwise). */
const field = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Yalidine's message in an error answer, whatever its shape. */
function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    for (const key of ['message', 'error', 'detail']) {
      if (typeof record[key] === 'string' && record[key] !== '') return record[key];
    }
  }
  return fallback;
}

/** Yalidine can always be searched by reference and asked to cancel. */
export type YalidineCourier = Courier & Required<Pick<Courier, 'findParcelByOrder' | 'cancelParcel'>>;

export function createYalidine(options: YalidineOptions, now: () => number = Date.now): YalidineCourier {
  const base = options.apiUrl.replace(/\/+$/, '');
  /** Calls left per window, and when it was said. */
  const left = new Map<Window, { remaining: number; at: number }>();

  function readQuota(headers: Headers) {
    const at = now();
    for (const window of Object.keys(WINDOWS) as Window[]) {
      const value = headers.get(`x-${window}-quota-left`) ?? headers.get(`x-${window}-quota`);
      if (value !== null && /^-?\d+$/.test(value.trim())) left.set(window, { remaining: Number(value), at });
    }
  }

  /** The window used up and when it is over, if one is and it has not started again since. */
  function exhausted(): { window: Window; over: number } | null {
    for (const window of Object.keys(WINDOWS) as Window[]) {
      const seen = left.get(window);
      if (!seen || seen.remaining > 0) continue;
      // The day's quota starts again at midnight, the others with their next second, minute, hour.
      const over =
        window === 'day'
          ? new Date(seen.at).setUTCHours(24, 0, 0, 0)
          : Math.floor(seen.at / WINDOWS[window]) * WINDOWS[window] + WINDOWS[window];
      if (now() < over) return { window, over };
      left.delete(window);
    }
    return null;
  }

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const used = exhausted();
    if (used)
      throw new CourierError(
        'quota',
        `Yalidine's ${used.window} quota of API calls is used up: try again later`,
        false,
        used.over - now(),
      );
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-API-ID': options.apiId,
          'X-API-TOKEN': options.apiToken,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CourierError('timeout', `Yalidine did not answer within ${options.timeoutMs / 1000} s`, true);
      }
      if (cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') {
        throw new CourierError('unreachable', `Yalidine cannot be reached (${cause.code})`, false);
      }
      throw new CourierError('failed', `The call to Yalidine failed (${cause?.code ?? name ?? 'network error'})`, true);
    }
    readQuota(response.headers);
    let parsed: unknown = null;
    try {
      const raw = await response.text();
      parsed = raw === '' ? null : JSON.parse(raw);
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') {
        throw new CourierError(
          'timeout',
          `Yalidine did not finish its answer within ${options.timeoutMs / 1000} s`,
          true,
        );
      }
      if (response.ok) throw new CourierError('failed', 'Yalidine answered something that is not JSON', true);
    }
    if (response.status === 429) {
      // Yalidine says in Retry-After how many seconds to wait.
      const after = Number(response.headers.get('retry-after'));
      throw new CourierError(
        'quota',
        messageOf(parsed, 'Yalidine refused the call: too many requests (quota)'),
        false,
        Number.isFinite(after) && after >= 0 ? after * 1000 : null,
      );
    }
    if (response.status >= 500) {
      throw new CourierError('failed', `Yalidine failed (HTTP ${response.status})`, true);
    }
    // A parcel the courier does not know.
    if (response.status === 404 && method === 'GET') return null;
    if (!response.ok) {
      throw new CourierError(
        'refused',
        messageOf(parsed, `Yalidine refused the call (HTTP ${response.status})`),
        false,
      );
    }
    return parsed;
  }

  /** The parcels of a list answer ({ data: [...] }). */
  function parcelsOf(body: unknown): YalidineParcel[] {
    const data = (body as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? (data as YalidineParcel[]) : [];
  }

  function info(parcel: YalidineParcel): ParcelInfo | null {
    const tracking = text(parcel.tracking);
    if (!tracking) return null;
    return {
      tracking,
      orderId: field(parcel.order_id),
      label: text(parcel.label),
      lastStatus: text(parcel.last_status),
    };
  }

  return {
    name: 'yalidine',
    division: options.division ?? YALIDINE_DIVISION,

    async createParcels(parcels: readonly ParcelRequest[]) {
      const fromWilaya = courierWilaya(options.fromWilaya, options.division ?? YALIDINE_DIVISION).name;
      const body = parcels.map((p) => ({
        order_id: String(p.orderId),
        from_wilaya_name: fromWilaya,
        firstname: p.firstname,
        familyname: p.familyname,
        contact_phone: p.phone,
        address: p.address,
        to_commune_name: p.commune,
        to_wilaya_name: p.wilaya,
        product_list: p.products,
        price: Math.round(p.price),
        do_insurance: false,
        declared_value: Math.min(150_000, Math.round(p.price)),
        length: 0,
        width: 0,
        height: 0,
        weight: 0,
        freeshipping: p.freeShipping,
        is_stopdesk: p.stopDesk,
        ...(p.stopDesk && p.stopDeskId ? { stopdesk_id: p.stopDeskId } : {}),
        has_exchange: p.hasExchange,
      }));
      const answer = await call('POST', '/parcels/', body);
      // { "<order_id>": { success, order_id, tracking, import_id, label, message } }, or a list of them.
      const entries: unknown[] = Array.isArray(answer)
        ? answer
        : answer && typeof answer === 'object'
          ? Object.values(answer)
          : [];
      const outcomes = new Map<number, ParcelOutcome>();
      for (const entry of entries) {
        if (!entry || typeof entry !== 'object') continue;
        const r = entry as Record<string, unknown>;
        const orderId = Number(r.order_id);
        if (!parcels.some((p) => p.orderId === orderId)) continue;
        const tracking = text(r.tracking);
        if (r.success === true && tracking) {
          outcomes.set(orderId, { kind: 'created', tracking, label: text(r.label) });
        } else {
          outcomes.set(orderId, { kind: 'refused', message: messageOf(r, 'Refused by Yalidine') });
        }
      }
      return outcomes;
    },

    async findParcelByOrder(orderId: number) {
      const answer = await call('GET', `/parcels/?order_id=${encodeURIComponent(String(orderId))}`);
      const found = parcelsOf(answer)
        .filter((p) => String(p.order_id) === String(orderId))
        .map(info)
        .find((p) => p !== null);
      return found ?? null;
    },

    // DELETE /parcels/{tracking}: [{ tracking, deleted }]; Yalidine deletes a parcel only while its
    // last status is "En préparation" (not picked up yet), and says deleted: false otherwise.
    async cancelParcel(tracking: string) {
      const answer = await call('DELETE', `/parcels/${encodeURIComponent(tracking)}`);
      const entries: unknown[] = Array.isArray(answer)
        ? answer
        : answer && typeof answer === 'object'
          ? Object.values(answer)
          : [];
      const entry = entries.find(
        (e): e is { deleted?: unknown } =>
          !!e && typeof e === 'object' && (e as { tracking?: unknown }).tracking === tracking,
      );
      if (entry?.deleted === true) return { kind: 'cancelled' as const };
      return {
        kind: 'refused' as const,
        message: 'Yalidine deletes a parcel only while it is "En préparation"',
      };
    },

    async parcelStatus(tracking: string): Promise<ParcelStatus | null> {
      const answer = await call('GET', `/parcels/${encodeURIComponent(tracking)}`);
      const parcel = parcelsOf(answer).find((p) => p.tracking === tracking);
      const last = parcel ? text(parcel.last_status) : null;
      if (parcel && last) {
        const payment = text(parcel.payment_status);
        return {
          status: last,
          at: courierTime(parcel.date_last_status),
          ...(payment
            ? {
                payment: {
                  status: payment,
                  paid: payment === YALIDINE_PAID,
                  reference: text(field(parcel.payment_id)),
                },
              }
            : {}),
        };
      }
      // A parcel without last_status in its answer: its newest history entry.
      const history = parcelsOf(await call('GET', `/histories/?tracking=${encodeURIComponent(tracking)}`)) as {
        status?: unknown;
        date_status?: unknown;
      }[];
      const newest = history
        .filter((h) => text(h.status))
        .sort((a, b) => field(b.date_status).localeCompare(field(a.date_status)))[0];
      const status = newest ? text(newest.status) : null;
      return newest && status ? { status, at: courierTime(newest.date_status) } : null;
    },

    async stopDesks() {
      const desks: StopDesk[] = [];
      for (let page = 1; page <= 20; page++) {
        const answer = (await call('GET', `/centers/?page=${page}&page_size=1000`)) as { has_more?: unknown } | null;
        for (const c of parcelsOf(answer) as Record<string, unknown>[]) {
          desks.push({
            id: field(c.center_id),
            name: field(c.name),
            address: field(c.address),
            commune: field(c.commune_name),
            wilaya: field(c.wilaya_name),
          });
        }
        if (answer?.has_more !== true) break;
      }
      return desks;
    },

    // GET /fees/?from_wilaya_id&to_wilaya_id: { to_wilaya_name, per_commune: { "<id>": { commune_name,
    // express_home, express_desk, economic_home, economic_desk } } }. The express fees are read
    // (economic ones exist only on some accounts); weight beyond 5 kg is charged on top.
    async deliveryFees(fromWilayaCode: number, toWilayaCode: number) {
      const answer = (await call('GET', `/fees/?from_wilaya_id=${fromWilayaCode}&to_wilaya_id=${toWilayaCode}`)) as {
        to_wilaya_name?: unknown;
        per_commune?: unknown;
      } | null;
      const perCommune = answer?.per_commune;
      if (!perCommune || typeof perCommune !== 'object') return null;
      const fee = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
      const communes = Object.values(perCommune as Record<string, Record<string, unknown>>)
        .filter((c) => c && typeof c === 'object')
        .map((c) => ({ commune: field(c.commune_name), home: fee(c.express_home), desk: fee(c.express_desk) }));
      if (communes.length === 0) return null;
      return { wilayaCode: toWilayaCode, wilaya: field(answer.to_wilaya_name), communes };
    },

    quota(): Quota {
      const of = (window: Window) => left.get(window)?.remaining ?? null;
      return { second: of('second'), minute: of('minute'), hour: of('hour'), day: of('day') };
    },
  };
}
