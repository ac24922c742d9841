// The wilayas and communes in force (DESIGN §7.3: geography is data with a date). Each division's
// communes are static data shipped in packages/domain/src/geo (scripts/build-communes.ts), read
// when first used. Which division is in force is GEO_DIVISION's, or with `auto` the calendar's
// (the 69 wilayas from 1 January 2027, Algiers time), asked of the app's clock at each use, so a
// test moves the clock instead of waiting. GET /api/commune answers from it; an order's commune is
// checked against it; the shipping rows of wilayas it does not have are not offered.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  COMMUNE_MESSAGES,
  findCommune,
  findDivisionWilaya,
  movedCommune,
  movedOutOf,
  type CommuneData,
  type CommuneRecord,
} from '@shop/domain/geo/communes';
import type { Commune } from '@shop/domain/geo/commune-schemas';
import {
  AUTO_DIVISION,
  DIVISION_IDS,
  divisionHas,
  divisionInForce,
  nextDivisionChange,
} from '@shop/domain/geo/wilayas';
import { notFound } from '../../http/errors.ts';

export interface Division {
  id: string;
  communes: CommuneData;
  /** The division before it, where a commune that moved since is still under its old wilaya. */
  previous: CommuneData | undefined;
}

export interface Geography {
  /** GEO_DIVISION: a division's id, or `auto`. */
  readonly setting: string;
  /** The division in force now. */
  current(): Division;
  /** Its id (no data read). */
  currentId(): string;
  /** The division the calendar brings next and when (ms), if it does (auto only). */
  nextChange(): { id: string; at: number } | null;
  now(): number;
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, CommuneData>();

/** A division's communes (communes-<id>.json), read once. */
function communeData(id: string): CommuneData {
  let data = loaded.get(id);
  if (!data) {
    const file = require.resolve(`@shop/domain/geo/communes-${id}.json`);
    data = JSON.parse(fs.readFileSync(file, 'utf8')) as CommuneData;
    loaded.set(id, data);
  }
  return data;
}

/** A division by id, with the one before it. */
export function divisionOf(id: string): Division {
  const at = DIVISION_IDS.indexOf(id);
  if (at < 0) throw new Error(`Unknown division ${id}`);
  const before = DIVISION_IDS[at - 1];
  return { id, communes: communeData(id), previous: before ? communeData(before) : undefined };
}

export function createGeography(setting: string, clock: () => number = Date.now): Geography {
  return {
    setting,
    current: () => divisionOf(divisionInForce(setting, clock())),
    currentId: () => divisionInForce(setting, clock()),
    nextChange: () => (setting === AUTO_DIVISION ? nextDivisionChange(clock()) : null),
    now: clock,
  };
}

/** Whether a shipping row is offered in the division: a wilaya it has, or a name the owner added. */
export function offeredIn(division: Division, wilayaCode: number | null): boolean {
  return wilayaCode === null || divisionHas(division.id, wilayaCode);
}

/**
 * The wilaya's communes by French name, then those that left it for a newer wilaya (each with
 * `moved_to`: a customer who still says M'Sila for Bou Saâda is shown where it is now); 404
 * "Wilaya inconnue" for a number or name the division does not have.
 */
export function communesOf(division: Division, wilaya: string): Commune[] {
  const found = findDivisionWilaya(division.communes, wilaya);
  if (!found) throw notFound(`${COMMUNE_MESSAGES.unknownWilaya} : ${wilaya.slice(0, 100)}`);
  const own = found.communes.map((c) => ({ name: c.name, name_ar: c.name_ar, postal_code: c.postal_code }));
  const moved = division.previous ? movedOutOf(division.communes, division.previous, found.code) : [];
  return [
    ...own,
    ...moved.map(({ commune: c, wilaya: to }) => ({
      name: c.name,
      name_ar: c.name_ar,
      postal_code: c.postal_code,
      moved_to: to,
    })),
  ];
}

/**
 * The wilaya of a shipping row (by its official number, else its name) in the division; undefined
 * when the division has no such wilaya (a name the owner added), whose commune is then not checked.
 */
export function communeListOf(
  division: Division,
  wilayaCode: number | null,
  wilayaName: string,
): { code: number; communes: readonly CommuneRecord[] } | undefined {
  return (
    (wilayaCode !== null ? findDivisionWilaya(division.communes, String(wilayaCode)) : undefined) ??
    findDivisionWilaya(division.communes, wilayaName)
  );
}

/** The commune of that name in the list (its French name as the data spells it), if there. */
export function matchCommune(list: readonly CommuneRecord[], name: string): CommuneRecord | undefined {
  return findCommune(list, name);
}

/** Where a commune asked under a wilaya it left now is: its new wilaya, if it moved. */
export function movedFrom(division: Division, wilayaCode: number, name: string) {
  return division.previous ? movedCommune(division.communes, division.previous, wilayaCode, name) : undefined;
}
