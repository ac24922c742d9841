// The communes of each wilaya (issue 16): static data shipped in packages/domain/src/geo
// (scripts/build-communes.ts), read once. GET /api/commune answers from it; an order's commune
// is checked against it.
import {
  COMMUNE_MESSAGES,
  findCommune,
  findDivisionWilaya,
  type Commune,
  type CommuneData,
  type CommuneRecord,
} from '@shop/domain/geo/communes';
import data from '@shop/domain/geo/communes.json' with { type: 'json' };
import { notFound } from '../../http/errors.ts';

const communeData: CommuneData = data;

/** The wilaya's communes by French name, or 404 "Wilaya inconnue" for a number or name it does not have. */
export function communesOf(wilaya: string): Commune[] {
  const found = findDivisionWilaya(communeData, wilaya);
  if (!found) throw notFound(`${COMMUNE_MESSAGES.unknownWilaya} : ${wilaya.slice(0, 100)}`);
  return found.communes.map((c) => ({ name: c.name, name_ar: c.name_ar, postal_code: c.postal_code }));
}

/**
 * The communes of a shipping row's wilaya (by its official number, else its name); undefined
 * when the data has no such wilaya (a name the owner added), whose commune is then not checked.
 */
export function communeListOf(wilayaCode: number | null, wilayaName: string): readonly CommuneRecord[] | undefined {
  const found =
    (wilayaCode !== null ? findDivisionWilaya(communeData, String(wilayaCode)) : undefined) ??
    findDivisionWilaya(communeData, wilayaName);
  return found?.communes;
}

/** The commune of that name in the list (its French name as the data spells it), if there. */
export function matchCommune(list: readonly CommuneRecord[], name: string): CommuneRecord | undefined {
  return findCommune(list, name);
}
