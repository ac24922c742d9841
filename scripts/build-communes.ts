// Builds packages/domain/src/geo/communes.json, the communes of each wilaya that checkout offers
// and orders are checked against, from @dzcode-io/leblad (MIT; 48 wilayas of 1984) regrouped by a
// division file (packages/domain/src/geo/divisions/*.json: the wilayas of the day and the communes
// each newer wilaya took from an older one). A new division (the 69 wilayas of November 2025) is a
// new division file and one run of this script, no code change:
//
//   node scripts/build-communes.ts [--division wilayas-2019] [--out file]
//
// Refuses (exit 1) a division that moves a commune leblad does not have, from a wilaya that does
// not have it, twice, or that leaves a wilaya without communes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CommuneData } from '../packages/domain/src/geo/communes.ts';

interface LebladCommune {
  code: number;
  name: string;
  name_ar: string;
}
interface LebladWilaya {
  mattricule: number;
  dairats: { baladyiats?: LebladCommune[] }[];
}
interface Division {
  id: string;
  description: string;
  wilayas: { code: number; name: string }[];
  created: { code: number; name: string; from: number; communes: { code: number; name: string }[] }[];
}
interface Additions {
  communes: (LebladCommune & { wilaya: number })[];
}

const root = path.resolve(import.meta.dirname, '..');
const geo = path.join(root, 'packages/domain/src/geo');
const require = createRequire(import.meta.url);

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** "OULED AHMED TIMMI" → "Ouled Ahmed Timmi", "EL-M'GHAIER" → "El-M'Ghaier". */
export function frenchName(upper: string): string {
  return upper
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s\-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function fail(message: string): never {
  console.error(`build-communes: ${message}`);
  process.exit(1);
}

function main(): void {
  const at = process.argv.indexOf('--division');
  const divisionId = at > 0 ? process.argv[at + 1] : 'wilayas-2019';
  if (!divisionId || !/^[\w-]+$/.test(divisionId))
    fail('--division takes a file name of divisions/, like wilayas-2019');
  const division = readJson<Division>(path.join(geo, 'divisions', `${divisionId}.json`));
  const lebladFile = require.resolve('@dzcode-io/leblad/data/WilayaList.json');
  const lebladVersion = readJson<{ version: string }>(
    path.join(path.dirname(lebladFile), '..', 'package.json'),
  ).version;
  const leblad = readJson<LebladWilaya[]>(lebladFile);
  const additions = readJson<Additions>(path.join(geo, 'additions.json'));

  // Communes of the 48 wilayas, by ONS number; leblad lists a "wilaya déléguée"'s communes twice.
  const home = new Map<number, number>();
  const communes = new Map<number, LebladCommune>();
  for (const wilaya of leblad) {
    for (const daira of wilaya.dairats) {
      for (const commune of daira.baladyiats ?? []) {
        communes.set(commune.code, commune);
        home.set(commune.code, wilaya.mattricule);
      }
    }
  }
  for (const added of additions.communes) {
    if (communes.has(added.code)) fail(`additions.json: leblad already has commune ${added.code} (${added.name})`);
    communes.set(added.code, added);
    home.set(added.code, added.wilaya);
  }

  const movedTo = new Map<number, number>();
  for (const created of division.created) {
    for (const { code, name } of created.communes) {
      const commune = communes.get(code);
      if (!commune) fail(`${divisionId}: commune ${code} (${name}) is not in leblad`);
      if (home.get(code) !== created.from)
        fail(`${divisionId}: commune ${code} (${name}) is not in wilaya ${created.from}`);
      if (movedTo.has(code)) fail(`${divisionId}: commune ${code} (${name}) moved twice`);
      movedTo.set(code, created.code);
    }
  }

  const byWilaya = new Map<number, LebladCommune[]>();
  for (const [code, commune] of communes) {
    const wilaya = movedTo.get(code) ?? home.get(code)!;
    byWilaya.set(wilaya, [...(byWilaya.get(wilaya) ?? []), commune]);
  }

  const data: CommuneData = {
    division: division.id,
    source: `@dzcode-io/leblad ${lebladVersion} (MIT), packages/domain/src/geo/additions.json`,
    wilayas: division.wilayas.map((wilaya) => {
      const list = byWilaya.get(wilaya.code) ?? fail(`${divisionId}: wilaya ${wilaya.code} has no commune`);
      return {
        code: wilaya.code,
        name: wilaya.name,
        communes: list
          .map((c) => ({
            code: c.code,
            name: frenchName(c.name),
            name_ar: c.name_ar.trim(),
            // Only the seat of each of the 48 wilayas has a known postal code (its main post
            // office, WW000): leblad gives none per commune, and none is made up.
            postal_code: c.code % 100 === 1 ? `${String(Math.floor(c.code / 100)).padStart(2, '0')}000` : null,
          }))
          .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
      };
    }),
  };
  const listed = new Set(division.wilayas.map((w) => w.code));
  for (const code of byWilaya.keys()) if (!listed.has(code)) fail(`${divisionId}: wilaya ${code} is not listed`);

  // One commune per line: small diffs when the data changes.
  const lines = data.wilayas.map(
    (w) =>
      `    {"code":${w.code},"name":${JSON.stringify(w.name)},"communes":[\n` +
      w.communes.map((c) => `      ${JSON.stringify(c)}`).join(',\n') +
      '\n    ]}',
  );
  const text = `{\n  "division":${JSON.stringify(data.division)},\n  "source":${JSON.stringify(data.source)},\n  "wilayas":[\n${lines.join(',\n')}\n  ]\n}\n`;
  const outAt = process.argv.indexOf('--out');
  const out =
    outAt > 0 && process.argv[outAt + 1] ? path.resolve(process.argv[outAt + 1]!) : path.join(geo, 'communes.json');
  fs.writeFileSync(out, text);
  const total = data.wilayas.reduce((n, w) => n + w.communes.length, 0);
  console.log(`communes.json: ${data.wilayas.length} wilayas, ${total} communes (${division.id})`);
}

if (import.meta.main) main();
