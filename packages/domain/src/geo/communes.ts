// The communes of each wilaya: data built by scripts/build-communes.ts into
// communes-<division>.json, one file per division (the server reads them; the storefront asks GET
// /api/commune). Pure lookups here, compared as wilaya names are (wilayaKey: accents, case,
// invisible characters). No zod here (the API's schemas are in commune-schemas.ts): the storefront's
// first load reaches these lookups through the delivery fee, and zod is not in it.
import { CUSTOMER_MESSAGES } from '../customer-fields.ts';
import { wilayaKey } from '../wilaya.ts';

export interface CommuneRecord {
  /** ONS commune number (wilaya of 1984 × 100 + n). */
  code: number;
  name: string;
  name_ar: string;
  /** Five digits when known, null otherwise. */
  postal_code: string | null;
}

export interface CommuneData {
  /** The division file the data was built with (geo/divisions/<id>.json). */
  division: string;
  source: string;
  wilayas: { code: number; name: string; communes: CommuneRecord[] }[];
}

export const COMMUNE_MESSAGES = {
  unknownWilaya: 'Wilaya inconnue',
  required: CUSTOMER_MESSAGES.communeRequired,
  notInWilaya: (wilaya: string) => `Cette commune n’est pas dans la wilaya ${wilaya}`,
  movedTo: (commune: string, code: number, wilaya: string) =>
    `${commune} fait désormais partie de la wilaya ${wilayaNumber(code)} - ${wilaya} : choisissez cette wilaya`,
} as const;

/** A wilaya's number as the lists show it: "07", "68". */
export function wilayaNumber(code: number): string {
  return String(code).padStart(2, '0');
}

/** The wilaya of a number ("16", "07") or a name ("alger", "BÉJAÏA"), if the data has it. */
export function findDivisionWilaya(data: CommuneData, wanted: string): CommuneData['wilayas'][number] | undefined {
  const text = wanted.trim();
  if (/^\d{1,3}$/.test(text)) return data.wilayas.find((w) => w.code === Number(text));
  const key = wilayaKey(text);
  return key ? data.wilayas.find((w) => wilayaKey(w.name) === key) : undefined;
}

/** How a commune's name is compared: as a wilaya's, plus dashes and apostrophes as spaces. */
export function communeKey(name: string): string {
  return wilayaKey(name)
    .replace(/[-'’`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each commune list's communes by normalised French and Arabic name, made the first time it is searched. */
const communeIndexes = new WeakMap<readonly object[], Map<string, unknown>>();

/**
 * The commune of that name (French or Arabic) in the list, if there (the first of that name). The
 * list's names are normalised once, not again for each name looked up in it: a fee grid looks up
 * thousands. The lists searched are the shipped data, never changed once read.
 */
export function findCommune<C extends { name: string; name_ar: string }>(
  communes: readonly C[],
  name: string,
): C | undefined {
  const key = communeKey(name);
  if (!key) return undefined;
  let index = communeIndexes.get(communes) as Map<string, C> | undefined;
  if (!index) {
    index = new Map();
    for (const c of communes) {
      for (const k of [communeKey(c.name), communeKey(c.name_ar)]) if (k && !index.has(k)) index.set(k, c);
    }
    communeIndexes.set(communes, index);
  }
  return index.get(key);
}

/**
 * A commune's own delivery fees among a wilaya's (only the communes priced apart from
 * their wilaya have some), found by name however it is spelled; undefined: the wilaya's fees.
 */
export function communeFeeOf<C extends { name: string }>(fees: readonly C[] | undefined, name: string): C | undefined {
  const key = communeKey(name);
  if (!key || !fees) return undefined;
  return fees.find((f) => communeKey(f.name) === key);
}

/** The communes whose French or Arabic name contains what was typed, those starting with it first. */
export function filterCommunes<C extends { name: string; name_ar: string }>(
  communes: readonly C[],
  query: string,
): C[] {
  const key = communeKey(query);
  if (!key) return [...communes];
  const matches = communes.filter((c) => communeKey(c.name).includes(key) || communeKey(c.name_ar).includes(key));
  const starts = (c: C) => communeKey(c.name).startsWith(key) || communeKey(c.name_ar).startsWith(key);
  return [...matches.filter(starts), ...matches.filter((c) => !starts(c))];
}

/**
 * A commune asked under the wilaya it left for a newer one (the customer still says M'Sila for Bou
 * Saâda): found among that wilaya's communes in the division before (`previous`), then by its ONS
 * number in the division in force (`current`). Undefined when the wilaya still has it, or never had it.
 */
export function movedCommune(
  current: CommuneData,
  previous: CommuneData,
  wilayaCode: number,
  name: string,
): { commune: CommuneRecord; wilaya: { code: number; name: string } } | undefined {
  const before = previous.wilayas.find((w) => w.code === wilayaCode);
  const commune = before ? findCommune(before.communes, name) : undefined;
  if (!commune) return undefined;
  const now = current.wilayas.find((w) => w.communes.some((c) => c.code === commune.code));
  if (!now || now.code === wilayaCode) return undefined;
  return { commune: now.communes.find((c) => c.code === commune.code)!, wilaya: { code: now.code, name: now.name } };
}

/** The communes that left the wilaya since the division before, each with the wilaya it is in now. */
export function movedOutOf(
  current: CommuneData,
  previous: CommuneData,
  wilayaCode: number,
): { commune: CommuneRecord; wilaya: { code: number; name: string } }[] {
  const before = previous.wilayas.find((w) => w.code === wilayaCode)?.communes ?? [];
  const home = new Map<number, { code: number; name: string }>();
  for (const w of current.wilayas) for (const c of w.communes) home.set(c.code, { code: w.code, name: w.name });
  return before.flatMap((c) => {
    const wilaya = home.get(c.code);
    if (!wilaya || wilaya.code === wilayaCode) return [];
    const commune = current.wilayas.find((w) => w.code === wilaya.code)?.communes.find((k) => k.code === c.code);
    return commune ? [{ commune, wilaya }] : [];
  });
}
