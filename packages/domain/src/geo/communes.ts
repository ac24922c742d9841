// The communes of each wilaya (issue 16): data built by scripts/build-communes.ts into
// communes.json (the server reads it; the storefront asks GET /api/commune). Pure lookups here,
// compared as wilaya names are (wilayaKey: accents, case, invisible characters).
import { z } from 'zod';
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

/** What GET /api/commune answers for each commune, sorted by French name. */
export const communeSchema = z
  .object({ name: z.string(), name_ar: z.string(), postal_code: z.string().nullable() })
  .meta({ id: 'Commune' });
export type Commune = z.infer<typeof communeSchema>;

export const communeQuerySchema = z.object({
  wilaya: z
    .string({ error: 'Précisez la wilaya (numéro ou nom)' })
    .trim()
    .min(1, { error: 'Précisez la wilaya (numéro ou nom)' })
    .max(100, { error: 'Wilaya inconnue' }),
});

export const COMMUNE_MESSAGES = {
  unknownWilaya: 'Wilaya inconnue',
  required: CUSTOMER_MESSAGES.communeRequired,
  notInWilaya: (wilaya: string) => `Cette commune n’est pas dans la wilaya ${wilaya}`,
} as const;

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

/** The commune of that name (French or Arabic) in the list, if there. */
export function findCommune<C extends { name: string; name_ar: string }>(
  communes: readonly C[],
  name: string,
): C | undefined {
  const key = communeKey(name);
  if (!key) return undefined;
  return communes.find((c) => communeKey(c.name) === key || communeKey(c.name_ar) === key);
}

/**
 * A commune's own delivery fees among a wilaya's (issue 16: only the communes priced apart from
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
