// One interface for every courier: create parcels for orders, find one by its order, read a
// parcel's status, list the stop desks, and what some couriers add (a hand-over step, a label kept
// behind the account's token, statuses read by the hundred, their fees). Yalidine (yalidine.ts),
// the Ecotrack platform (ecotrack.ts), ZR Express (zr-express.ts) and NOEST (noest.ts) implement
// it; the service (couriers.service.ts) never knows which courier it talks to.
import type { CourierName } from '@shop/domain/courier-statuses';
import type { OrderRow } from '../../db/database.ts';
import { wilayaIn, wilayaNamed } from '@shop/domain/geo/wilayas';

/** A parcel to create: what the courier prints on its label and collects at the door. */
export interface ParcelRequest {
  /** The order's number: each courier's reference for it is made from it (found again by it after a lost answer). */
  orderId: number;
  firstname: string;
  familyname: string;
  phone: string;
  address: string;
  commune: string;
  /** The wilaya as the courier's division names it (a newer one goes as the wilaya it was made from). */
  wilaya: string;
  /** Its official number in the courier's division (for couriers that take the number); null for a name the owner added. */
  wilayaCode: number | null;
  products: string;
  /** Da to collect. */
  price: number;
  stopDesk: boolean;
  stopDeskId: string | null;
  freeShipping: boolean;
  hasExchange: boolean;
}

/**
 * The courier's answer for one order of a creation call: made; refused (nothing made, the reason);
 * exists (the courier says it has a parcel for this reference already, without giving it: the
 * earlier answer was lost); lost (this order's call failed after it was sent: a parcel may exist).
 */
export type ParcelOutcome =
  | { kind: 'created'; tracking: string; label: string | null }
  | { kind: 'refused'; message: string }
  | { kind: 'exists'; message: string }
  | { kind: 'lost'; message: string };

/** A parcel as the courier knows it; orderId is the order number its reference names. */
export interface ParcelInfo {
  tracking: string;
  orderId: string;
  label: string | null;
  lastStatus: string | null;
}

/** What a courier charges for a parcel, in Da (null: it does not say). */
export interface ParcelFees {
  delivery: number | null;
  return: number | null;
}

/**
 * A parcel's status as the courier last set it; `at` on the courier's clock ("YYYY-MM-DD
 * HH:MM:SS"), null if not said. Some couriers also say whether they paid the shop for it (a
 * payment field apart from the status) and what they charge for it.
 */
export interface ParcelStatus {
  status: string;
  at: string | null;
  payment?: { status: string; paid: boolean; reference: string | null };
  fees?: ParcelFees;
}

/** Where a parcel goes, to price it: the wilaya's number in the courier's division, the commune, home or desk. */
export interface ParcelDestination {
  wilayaCode: number;
  commune: string;
  stopDesk: boolean;
}

/** The courier's communes and stop desks as it spells them (matched to ours once, then stored). */
export interface CourierPlaces {
  communes: { wilayaCode: number; name: string; code: string | null }[];
  desks: (StopDesk & { wilayaCode: number })[];
}

/**
 * The courier's spelling of one of our places, as matched at set-up: a commune by the wilaya's
 * number and our commune's name, a desk by its code; null when it was not matched (or never synced).
 */
export type PlaceLookup = (
  kind: 'commune' | 'desk',
  wilayaCode: number,
  ours: string,
) => Promise<{ name: string; code: string | null } | null>;

/**
 * A courier's time as "YYYY-MM-DD HH:MM:SS" (Yalidine writes its dates so, on its own clock), for
 * comparing two of them; null for anything else.
 */
export function courierTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/.exec(value.trim());
  return m ? `${m[1]} ${m[2]}${m[3] ?? ':00'}` : null;
}

export interface StopDesk {
  id: string;
  name: string;
  /** The centre's street address, '' when the courier gives none. */
  address: string;
  commune: string;
  wilaya: string;
}

/** Calls left in each window of the courier's quota, as it last said (null: not told yet). */
export interface Quota {
  second: number | null;
  minute: number | null;
  hour: number | null;
  day: number | null;
}

/**
 * Why a call failed. `sent` says whether the courier may have acted on it: false when it was
 * never reached (connection refused, quota used up before calling, a refusal of the whole
 * request), true when the answer was lost (time-out, reset connection, its server failing), in
 * which case a parcel may exist and must be looked for before creating one again.
 */
export class CourierError extends Error {
  readonly reason: 'timeout' | 'unreachable' | 'quota' | 'refused' | 'failed';
  readonly sent: boolean;
  /** For a quota used up: in how long the courier takes calls again, when known. */
  readonly retryInMs: number | null;

  constructor(reason: CourierError['reason'], message: string, sent: boolean, retryInMs: number | null = null) {
    super(message);
    this.name = 'CourierError';
    this.reason = reason;
    this.sent = sent;
    this.retryInMs = retryInMs;
  }
}

/** What the courier charges to deliver to one wilaya from the shop's, commune by commune (Da). */
export interface WilayaFees {
  wilayaCode: number;
  wilaya: string;
  /** null: not delivered there (home) or no stop desk price (desk). */
  communes: { commune: string; home: number | null; desk: number | null }[];
}

export interface Courier {
  readonly name: CourierName;
  /** The division of the wilayas its API knows (packages/domain/src/geo/divisions): wilayas-2019 is the 58. */
  readonly division: string;
  /**
   * Creates parcels (in one call or one per parcel); each order's outcome. Throws CourierError when
   * the whole call failed.
   */
  createParcels(parcels: readonly ParcelRequest[]): Promise<Map<number, ParcelOutcome>>;
  /**
   * The parcel made for an order, if any (to never create a second one after a lost answer).
   * Absent for a courier that cannot be searched by reference: it refuses a second parcel for one
   * reference instead ('exists').
   */
  findParcelByOrder?(orderId: number): Promise<ParcelInfo | null>;
  /** A parcel by its tracking number (to attach one whose answer was lost), null when unknown. */
  parcelByTracking?(tracking: string): Promise<ParcelInfo | null>;
  /** Several parcels' statuses in few calls (the pull of the sync); unknown tracking numbers left out. */
  parcelStatuses?(trackings: readonly string[]): Promise<Map<string, ParcelStatus>>;
  /** How many tracking numbers one parcelStatuses call takes. */
  readonly statusBatch?: number;
  /** Validates a parcel so the courier takes it (the courier's hand-over step). */
  handOver?(tracking: string): Promise<{ kind: 'done' } | { kind: 'refused'; message: string }>;
  /** Whether a parcel is handed over as soon as it is made (else by the owner, when ready). */
  readonly handOverOnCreate?: boolean;
  /** The parcel's label, when the courier keeps it behind the account's token (a PDF). */
  label?(tracking: string): Promise<{ contentType: string; body: Buffer } | null>;
  /** What the courier charges to deliver a parcel there, and to bring it back. */
  parcelFees?(to: ParcelDestination): Promise<ParcelFees | null>;
  /** Its communes and stop desks, to match ours once. */
  places?(): Promise<CourierPlaces>;
  /**
   * Cancels a parcel, where the courier's API allows it (Yalidine: only before it is picked up):
   * cancelled, or refused with the courier's reason. Absent for a courier that cannot.
   */
  cancelParcel?(tracking: string): Promise<{ kind: 'cancelled' } | { kind: 'refused'; message: string }>;
  /** A parcel's last status and when it happened, or null when the courier does not know the tracking number. */
  parcelStatus(tracking: string): Promise<ParcelStatus | null>;
  stopDesks(): Promise<StopDesk[]>;
  /** Its fees from one wilaya to another (official numbers), or null when it does not serve it. */
  deliveryFees(fromWilayaCode: number, toWilayaCode: number): Promise<WilayaFees | null>;
  /** What the quota headers last said. */
  quota(): Quota;
}

/** The courier holding an order's parcel (its account's adapter), null when there is none. */
export type CourierOf = (row: OrderRow) => Promise<Courier | null>;

/**
 * An order's wilaya as a courier of that division knows it: itself when the division has it, else
 * the wilaya it was made from (Bou Saâda, 68, is M'Sila, 28, to a courier of the 58), with a label
 * naming both for the slip and the files ("68 Bou Saâda (28 M'Sila)"). A name that is not an
 * official wilaya (one the owner added) goes as it is.
 */
export function courierWilaya(
  orderWilaya: string,
  division: string,
): { name: string; code: number | null; label: string } {
  const own = wilayaNamed(orderWilaya);
  const spoken = own ? wilayaIn(division, own.code) : undefined;
  if (!own || !spoken) return { name: orderWilaya, code: own?.code ?? null, label: orderWilaya };
  if (spoken.code === own.code) return { name: orderWilaya, code: own.code, label: orderWilaya };
  return {
    name: spoken.name,
    code: spoken.code,
    label: `${own.code} ${orderWilaya} (${spoken.code} ${spoken.name})`,
  };
}
