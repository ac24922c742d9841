// Algeria's wilayas of every division, by number (geo/wilayas.json, built by
// scripts/build-communes.ts from the division files: a few kilobytes, so the web app may read it),
// and which division is in force at a moment (DESIGN §7.3). A number names one wilaya in every
// division that has it: 1-58 are the same in 2019 and 2026, 59-69 exist from 2026 on.
import data from './wilayas.json' with { type: 'json' };
import { wilayaKey } from '../wilaya.ts';

export interface WilayaInfo {
  code: number;
  name: string;
  name_ar: string;
  /** The wilaya it was made from (its communes were hers before); null for the wilayas of 1984. */
  from: number | null;
}

export interface WilayaData {
  source: string;
  /** Oldest first; in_force_from null: from the start. */
  divisions: { id: string; in_force_from: string | null; codes: number[] }[];
  wilayas: WilayaInfo[];
}

const wilayaData: WilayaData = data;
const byCode = new Map(wilayaData.wilayas.map((w) => [w.code, w]));
/** The wilayas by their names' keys (an export names one a line), the first of a key kept. */
const byKey = new Map<string, WilayaInfo>();
for (const w of wilayaData.wilayas) if (!byKey.has(wilayaKey(w.name))) byKey.set(wilayaKey(w.name), w);

/** The divisions the data has, oldest first ("wilayas-2019", "wilayas-2026"). */
export const DIVISION_IDS: readonly string[] = wilayaData.divisions.map((d) => d.id);

/** GEO_DIVISION's value that follows the calendar. */
export const AUTO_DIVISION = 'auto';

const starts = new Map(
  wilayaData.divisions.map((d) => [d.id, d.in_force_from === null ? -Infinity : Date.parse(d.in_force_from)]),
);
const startOf = (d: WilayaData['divisions'][number]) => starts.get(d.id) ?? -Infinity;

/** The division in force at `now` (ms): the one chosen, or with `auto` the newest whose day has come. */
export function divisionInForce(setting: string, now: number): string {
  if (setting !== AUTO_DIVISION) {
    if (!DIVISION_IDS.includes(setting)) throw new Error(`Unknown division ${setting}`);
    return setting;
  }
  const started = wilayaData.divisions.filter((d) => startOf(d) <= now);
  return (started.at(-1) ?? wilayaData.divisions[0])!.id;
}

/** When the calendar next changes the division after `now` (ms), if it does. */
export function nextDivisionChange(now: number): { id: string; at: number } | null {
  const next = wilayaData.divisions.find((d) => startOf(d) > now);
  return next ? { id: next.id, at: startOf(next) } : null;
}

/** The wilaya of that number in any division. */
export function wilayaOf(code: number): WilayaInfo | undefined {
  return byCode.get(code);
}

/** The wilaya of that name (compared by wilayaKey) in any division. */
export function wilayaNamed(name: string): WilayaInfo | undefined {
  const key = wilayaKey(name);
  return key ? byKey.get(key) : undefined;
}

/** Whether the division has that wilaya. */
export function divisionHas(divisionId: string, code: number): boolean {
  return wilayaData.divisions.find((d) => d.id === divisionId)?.codes.includes(code) ?? false;
}

/**
 * The wilaya as a division that may not have it knows it: itself when the division has it, else
 * the wilaya it was made from (or hers): Bou Saâda (68) is M'Sila (28) to a courier of the 58.
 */
export function wilayaIn(divisionId: string, code: number): WilayaInfo | undefined {
  let wilaya = byCode.get(code);
  while (wilaya && !divisionHas(divisionId, wilaya.code) && wilaya.from !== null) wilaya = byCode.get(wilaya.from);
  return wilaya && divisionHas(divisionId, wilaya.code) ? wilaya : undefined;
}

/** The wilayas made in that division (none for the first). */
export function wilayasCreatedIn(divisionId: string): WilayaInfo[] {
  const at = wilayaData.divisions.findIndex((d) => d.id === divisionId);
  if (at <= 0) return [];
  const before = wilayaData.divisions[at - 1]!.codes;
  return wilayaData.divisions[at]!.codes.filter((c) => !before.includes(c)).flatMap((c) => byCode.get(c) ?? []);
}

/**
 * Each wilaya's Arabic name by its number (1-69), shown on the Arabic storefront. Orders still
 * name the wilaya as the shipping table does (French): this is for reading.
 */
export const WILAYA_NAMES_AR: Readonly<Record<number, string>> = Object.fromEntries(
  wilayaData.wilayas.map((w) => [w.code, w.name_ar]),
);
