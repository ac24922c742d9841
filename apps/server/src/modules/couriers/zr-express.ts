// ZR Express's current API (https://api.zrexpress.app/api/v1): two headers, X-Api-Key and
// X-Tenant. Places are its territories (POST territories/search: wilayas and communes, each a UUID
// a parcel names) and its hubs (POST hubs/search: the stop desks); a parcel is POST parcels (it
// answers the parcel's id; GET parcels/{id} gives its tracking number and state), found again by
// its externalId (POST parcels/search), cancelled by DELETE parcels/{id}; its rates are per commune
// (GET delivery-pricing/rates: home, pickup-point and return prices). Statuses are state names
// (snake_case, see packages/domain/src/courier-statuses.ts); "recouvert" is the money handed over.
import { wilayaIn } from '@shop/domain/geo/wilayas';
import {
  CourierError,
  type Courier,
  type ParcelInfo,
  type ParcelOutcome,
  type PlaceLookup,
  type Quota,
  type StopDesk,
} from './courier.ts';
import { createHttpClient, listOf, localPhone, num, Pacer, refusalOf, str, type HttpAnswer } from './courier-http.ts';

export interface ZrExpressOptions {
  /** The API's address (…/api/v1). */
  apiUrl: string;
  apiKey: string;
  tenantId: string;
  division: string;
  timeoutMs: number;
  places?: PlaceLookup;
  pacer?: Pacer;
}

/** Parcels searched (100 a page) to find one by its externalId after a lost answer. */
const FIND_PAGES = 10;
const RATES_TTL_MS = 6 * 3_600_000;

/** +213 and the nine digits, as ZR takes phone numbers. */
function internationalPhone(phone: string): string {
  return `+213${localPhone(phone).replace(/^0/, '')}`;
}

export function createZrExpress(options: ZrExpressOptions): Courier {
  const label = 'ZR Express';
  const pacer = options.pacer ?? new Pacer(60, 60_000);
  const http = createHttpClient({
    courier: label,
    base: options.apiUrl.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs,
    headers: () => ({ 'x-api-key': options.apiKey, 'x-tenant': options.tenantId }),
    pacer,
  });
  let rates: { at: number; byTerritory: Map<string, Record<string, number>> } | null = null;

  function refusedCall(answer: HttpAnswer, what: string): CourierError {
    if (answer.status === 401 || answer.status === 403) {
      return new CourierError('refused', `${label} refused the API key or tenant (HTTP ${answer.status})`, false);
    }
    return new CourierError(
      'refused',
      refusalOf(answer.body, `${label} refused ${what} (HTTP ${answer.status})`),
      false,
    );
  }

  async function search(path: string, page: number): Promise<{ items: Record<string, unknown>[]; hasNext: boolean }> {
    const answer = await http.call('POST', path, { json: { pageNumber: page, pageSize: 100 } });
    if (answer.status !== 200) throw refusedCall(answer, 'the search');
    const body = (answer.body ?? {}) as { items?: unknown; hasNext?: unknown };
    return { items: listOf(body.items) as Record<string, unknown>[], hasNext: body.hasNext === true };
  }

  async function all(path: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    for (let page = 1; page <= 50; page++) {
      const found = await search(path, page);
      items.push(...found.items);
      if (!found.hasNext) break;
    }
    return items;
  }

  async function parcel(idOrTracking: string): Promise<Record<string, unknown> | null> {
    const answer = await http.call('GET', `/parcels/${encodeURIComponent(idOrTracking)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw refusedCall(answer, 'the parcel');
    return (answer.body ?? null) as Record<string, unknown> | null;
  }

  const infoOf = (p: Record<string, unknown>): ParcelInfo | null => {
    const tracking = str(p.trackingNumber);
    if (!tracking) return null;
    return {
      tracking,
      orderId: str(p.externalId),
      label: null,
      lastStatus: str((p.state as Record<string, unknown> | undefined)?.name) || null,
    };
  };

  async function places() {
    const territories = await all('/territories/search');
    const wilayaCodeOf = new Map<string, number>();
    const communes: { wilayaCode: number; name: string; code: string | null }[] = [];
    for (const t of territories.filter((x) => str(x.level) === 'wilaya')) {
      const code = num(t.code);
      if (code === null) continue;
      wilayaCodeOf.set(str(t.id), code);
      // The wilaya's own territory, which a parcel names beside its commune.
      communes.push({ wilayaCode: code, name: '*', code: str(t.id) });
    }
    for (const t of territories.filter((x) => str(x.level) === 'commune')) {
      const code = wilayaCodeOf.get(str(t.parentId));
      if (code !== undefined) communes.push({ wilayaCode: code, name: str(t.name), code: str(t.id) });
    }
    const desks: (StopDesk & { wilayaCode: number })[] = [];
    for (const hub of await all('/hubs/search')) {
      const address = (hub.address ?? {}) as Record<string, unknown>;
      const wilayaCode = wilayaCodeOf.get(str(address.cityTerritoryId));
      if (wilayaCode === undefined) continue;
      desks.push({
        id: str(hub.id),
        name: str(hub.name),
        address: str(address.street),
        commune: str(address.district),
        wilaya: wilayaIn(options.division, wilayaCode)?.name ?? str(address.city),
        wilayaCode,
      });
    }
    return { communes, desks };
  }

  return {
    name: 'zr_express',
    division: options.division,

    async createParcels(parcels) {
      const outcomes = new Map<number, ParcelOutcome>();
      let stop: CourierError | null = null;
      for (const p of parcels) {
        if (stop) {
          outcomes.set(p.orderId, { kind: 'refused', message: stop.message });
          continue;
        }
        const code = p.wilayaCode !== null ? wilayaIn(options.division, p.wilayaCode)?.code : undefined;
        const city = code !== undefined ? await options.places?.('commune', code, '*') : null;
        const district = code !== undefined ? await options.places?.('commune', code, p.commune) : null;
        if (!city?.code || !district?.code) {
          outcomes.set(p.orderId, {
            kind: 'refused',
            message: `${label} has no territory for ${p.commune} (${p.wilaya}): match its communes in Settings → Couriers`,
          });
          continue;
        }
        let created: HttpAnswer;
        try {
          created = await http.call('POST', '/parcels', {
            json: {
              externalId: String(p.orderId),
              amount: Math.round(p.price),
              deliveryType: p.stopDesk ? 'pickup-point' : 'home',
              description: p.products.slice(0, 250),
              customer: {
                name: `${p.firstname} ${p.familyname}`.trim(),
                phone: { number1: internationalPhone(p.phone) },
              },
              deliveryAddress: {
                street: p.address,
                cityTerritoryId: city.code,
                districtTerritoryId: district.code,
                ...(p.stopDesk && p.stopDeskId ? { hubId: p.stopDeskId } : {}),
              },
            },
          });
          if (created.status === 401 || created.status === 403) throw refusedCall(created, 'the parcel');
          if (created.status !== 200 && created.status !== 201) {
            outcomes.set(p.orderId, {
              kind: 'refused',
              message: refusalOf(created.body, `Refused by ${label} (HTTP ${created.status})`),
            });
            continue;
          }
          const id = str((created.body as Record<string, unknown> | null)?.id);
          // The creation answers the id; the tracking number is the parcel's.
          const made = id ? await parcel(id) : null;
          const info = made ? infoOf(made) : null;
          if (info) outcomes.set(p.orderId, { kind: 'created', tracking: info.tracking, label: null });
          else
            outcomes.set(p.orderId, {
              kind: 'lost',
              message: `${label} made parcel ${id} but did not give its tracking number`,
            });
        } catch (error) {
          if (!(error instanceof CourierError)) throw error;
          if (error.reason === 'refused') throw error;
          if (error.sent) outcomes.set(p.orderId, { kind: 'lost', message: error.message });
          else {
            outcomes.set(p.orderId, { kind: 'refused', message: error.message });
            stop = error;
          }
        }
      }
      return outcomes;
    },

    async findParcelByOrder(orderId: number) {
      for (let page = 1; page <= FIND_PAGES; page++) {
        const found = await search('/parcels/search', page);
        const hit = found.items.find((p) => str(p.externalId) === String(orderId));
        if (hit) return infoOf(hit);
        if (!found.hasNext) return null;
      }
      throw new CourierError(
        'failed',
        `${label} has more than ${FIND_PAGES * 100} parcels: the parcel could not be looked for`,
        true,
      );
    },

    async parcelByTracking(tracking: string) {
      const found = await parcel(tracking);
      return found ? infoOf(found) : null;
    },

    async cancelParcel(tracking: string) {
      const found = await parcel(tracking);
      if (!found) return { kind: 'refused' as const, message: `${label} does not know parcel ${tracking}` };
      const answer = await http.call('DELETE', `/parcels/${encodeURIComponent(str(found.id))}`);
      if (answer.status === 200 || answer.status === 204) return { kind: 'cancelled' as const };
      if (answer.status === 401 || answer.status === 403) throw refusedCall(answer, 'the cancellation');
      return {
        kind: 'refused' as const,
        message: refusalOf(answer.body, `${label} refused to cancel the parcel (HTTP ${answer.status})`),
      };
    },

    async parcelStatus(tracking: string) {
      const found = await parcel(tracking);
      const state = found ? str((found.state as Record<string, unknown> | undefined)?.name) : '';
      if (!found || !state) return null;
      const at = str(found.lastStateUpdateAt) || str(found.updatedAt);
      return { status: state, at: at ? at.replace('T', ' ').slice(0, 19) : null };
    },

    async stopDesks() {
      return (await places()).desks;
    },

    places,

    async parcelFees(to) {
      if (!rates || Date.now() - rates.at > RATES_TTL_MS) {
        const answer = await http.call('GET', '/delivery-pricing/rates');
        if (answer.status !== 200) throw refusedCall(answer, 'the rates');
        const body = answer.body as { rates?: unknown } | unknown[];
        const list = Array.isArray(body) ? body : listOf((body as { rates?: unknown } | null)?.rates);
        const byTerritory = new Map<string, Record<string, number>>();
        for (const r of list as Record<string, unknown>[]) {
          const prices: Record<string, number> = {};
          for (const d of listOf(r.deliveryPrices) as Record<string, unknown>[]) {
            const price = num(d.price);
            if (price !== null) prices[str(d.deliveryType)] = price;
          }
          byTerritory.set(str(r.toTerritoryId), prices);
        }
        rates = { at: Date.now(), byTerritory };
      }
      const district = await options.places?.('commune', to.wilayaCode, to.commune);
      const prices = district?.code ? rates.byTerritory.get(district.code) : undefined;
      if (!prices) return null;
      return { delivery: prices[to.stopDesk ? 'pickup-point' : 'home'] ?? null, return: prices.return ?? null };
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
