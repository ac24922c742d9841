// Builds, from @dzcode-io/leblad (MIT; the communes of the 48 wilayas of 1984 with their ONS
// numbers) and the division files of packages/domain/src/geo/divisions/ (the wilayas of a day and
// the communes each newer wilaya took from an older one):
//   - geo/communes-<division>.json for each division: the communes of each of its wilayas, which
//     checkout offers and orders are checked against (the server reads them);
//   - geo/wilayas.json: every wilaya of every division by its number, French and Arabic names, the
//     wilaya it was made from, and when each division is in force (small: the web app reads it).
// A new division is a new division file and one run of this script, no code change:
//
//   node scripts/build-communes.ts [--divisions dir] [--out-dir dir]
//
// A division builds on another (`based_on`: its moves are made first). A moved commune is given by
// its ONS number (`code`) or by its names (`name` and `also`), matched among the communes of the
// wilaya it leaves only, so a homonym elsewhere is never taken. Refuses (exit 1, nothing written)
// a name that matches no commune or more than one there, a number leblad does not have or that is
// not in that wilaya, a commune moved twice by one division, a new wilaya whose commune count is not
// the law's (`count`), or a wilaya left without communes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { communeKey, type CommuneData } from '../packages/domain/src/geo/communes.ts';
import type { WilayaData } from '../packages/domain/src/geo/wilayas.ts';

interface LebladCommune {
  code: number;
  name: string;
  name_ar: string;
}
interface LebladWilaya {
  mattricule: number;
  dairats: { baladyiats?: LebladCommune[] }[];
}
/** A moved commune: by its ONS number, or by its names (the law's, then its other spellings). */
interface MovedCommune {
  code?: number;
  name: string;
  also?: string[];
  note?: string;
}
interface Division {
  id: string;
  description: string;
  based_on?: string;
  /** When it replaces the division it builds on (ISO 8601 with the offset); none: from the start. */
  in_force_from?: string;
  wilayas: { code: number; name: string; name_ar: string }[];
  created: { code: number; name: string; from: number; count?: number; communes: MovedCommune[] }[];
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

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** The division and those it builds on, oldest first. */
function chainOf(divisions: ReadonlyMap<string, Division>, id: string): Division[] {
  const chain: Division[] = [];
  for (let at: string | undefined = id; at !== undefined; at = divisions.get(at)?.based_on) {
    const division = divisions.get(at) ?? fail(`${id}: it builds on ${at}, which has no division file`);
    if (chain.includes(division)) fail(`${id}: its based_on chain loops`);
    chain.unshift(division);
  }
  return chain;
}

/**
 * Where each commune is once the division's moves (and those of the divisions it builds on) are
 * made: ONS number → wilaya number.
 */
function homesAfter(
  chain: readonly Division[],
  communes: ReadonlyMap<number, LebladCommune>,
  start: Map<number, number>,
) {
  const home = new Map(start);
  for (const division of chain) {
    const moved = new Map<number, number>();
    for (const created of division.created) {
      const from = [...home].filter(([, wilaya]) => wilaya === created.from).map(([code]) => code);
      const taken: number[] = [];
      for (const entry of created.communes) {
        const code = entry.code ?? matchByName(division.id, created, entry, from, communes);
        const commune = communes.get(code);
        if (!commune) fail(`${division.id}: commune ${code} (${entry.name}) is not in leblad`);
        if (home.get(code) !== created.from)
          fail(`${division.id}: commune ${code} (${entry.name}) is not in wilaya ${created.from}`);
        if (moved.has(code)) fail(`${division.id}: commune ${code} (${entry.name}) moved twice`);
        moved.set(code, created.code);
        taken.push(code);
      }
      if (created.count !== undefined && taken.length !== created.count)
        fail(
          `${division.id}: wilaya ${created.code} (${created.name}) takes ${taken.length} communes, the law says ${created.count}`,
        );
    }
    for (const [code, wilaya] of moved) home.set(code, wilaya);
  }
  return home;
}

/** The one commune of the mother wilaya that has one of the entry's names. */
function matchByName(
  divisionId: string,
  created: Division['created'][number],
  entry: MovedCommune,
  candidates: readonly number[],
  communes: ReadonlyMap<number, LebladCommune>,
): number {
  const names = [entry.name, ...(entry.also ?? [])];
  const keys = new Set(names.map(communeKey));
  const found = candidates.filter((code) => keys.has(communeKey(communes.get(code)?.name ?? '')));
  const where = `${divisionId}: "${names.join('" / "')}" (for ${created.code} ${created.name})`;
  if (found.length === 0) fail(`${where} matches no commune of wilaya ${created.from}`);
  if (found.length > 1) fail(`${where} matches several communes of wilaya ${created.from}: ${found.join(', ')}`);
  return found[0]!;
}

/** One commune per line: small diffs when the data changes. */
function communesText(data: CommuneData): string {
  const lines = data.wilayas.map(
    (w) =>
      `    {"code":${w.code},"name":${JSON.stringify(w.name)},"communes":[\n` +
      w.communes.map((c) => `      ${JSON.stringify(c)}`).join(',\n') +
      '\n    ]}',
  );
  return `{\n  "division":${JSON.stringify(data.division)},\n  "source":${JSON.stringify(data.source)},\n  "wilayas":[\n${lines.join(',\n')}\n  ]\n}\n`;
}

function wilayasText(data: WilayaData): string {
  const divisions = data.divisions.map((d) => `    ${JSON.stringify(d)}`).join(',\n');
  const wilayas = data.wilayas.map((w) => `    ${JSON.stringify(w)}`).join(',\n');
  return `{\n  "source":${JSON.stringify(data.source)},\n  "divisions":[\n${divisions}\n  ],\n  "wilayas":[\n${wilayas}\n  ]\n}\n`;
}

function main(): void {
  const divisionsDir = path.resolve(option('--divisions') ?? path.join(geo, 'divisions'));
  const outDir = path.resolve(option('--out-dir') ?? geo);
  const divisions = new Map<string, Division>();
  for (const file of fs
    .readdirSync(divisionsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const division = readJson<Division>(path.join(divisionsDir, file));
    if (`${division.id}.json` !== file) fail(`${file}: its id is ${division.id}`);
    divisions.set(division.id, division);
  }
  if (divisions.size === 0) fail(`no division file in ${divisionsDir}`);

  const lebladFile = require.resolve('@dzcode-io/leblad/data/WilayaList.json');
  const lebladVersion = readJson<{ version: string }>(
    path.join(path.dirname(lebladFile), '..', 'package.json'),
  ).version;
  const leblad = readJson<LebladWilaya[]>(lebladFile);
  const additions = readJson<Additions>(path.join(geo, 'additions.json'));

  // Communes of the 48 wilayas, by ONS number; leblad lists a "wilaya déléguée"'s communes twice.
  const home1984 = new Map<number, number>();
  const communes = new Map<number, LebladCommune>();
  for (const wilaya of leblad) {
    for (const daira of wilaya.dairats) {
      for (const commune of daira.baladyiats ?? []) {
        communes.set(commune.code, commune);
        home1984.set(commune.code, wilaya.mattricule);
      }
    }
  }
  for (const added of additions.communes) {
    if (communes.has(added.code)) fail(`additions.json: leblad already has commune ${added.code} (${added.name})`);
    communes.set(added.code, added);
    home1984.set(added.code, added.wilaya);
  }

  const outputs = new Map<string, string>();
  const source = `@dzcode-io/leblad ${lebladVersion} (MIT), packages/domain/src/geo/additions.json`;
  for (const division of divisions.values()) {
    const home = homesAfter(chainOf(divisions, division.id), communes, home1984);
    const byWilaya = new Map<number, LebladCommune[]>();
    for (const [code, commune] of communes) {
      const wilaya = home.get(code)!;
      byWilaya.set(wilaya, [...(byWilaya.get(wilaya) ?? []), commune]);
    }
    const listed = new Set(division.wilayas.map((w) => w.code));
    for (const code of byWilaya.keys()) if (!listed.has(code)) fail(`${division.id}: wilaya ${code} is not listed`);
    const data: CommuneData = {
      division: division.id,
      source,
      wilayas: division.wilayas.map((wilaya) => {
        const list = byWilaya.get(wilaya.code) ?? fail(`${division.id}: wilaya ${wilaya.code} has no commune`);
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
    outputs.set(`communes-${division.id}.json`, communesText(data));
    const total = data.wilayas.reduce((n, w) => n + w.communes.length, 0);
    console.log(`communes-${division.id}.json: ${data.wilayas.length} wilayas, ${total} communes`);
  }

  // Every wilaya once, with the wilaya it was made from (the mother a courier of an older division
  // still knows), and the divisions from the oldest in force.
  const wilayas = new Map<number, WilayaData['wilayas'][number]>();
  const ordered = [...divisions.values()].sort(
    (a, b) => chainOf(divisions, a.id).length - chainOf(divisions, b.id).length,
  );
  for (const division of ordered) {
    for (const w of division.wilayas) {
      const from = division.created.find((c) => c.code === w.code)?.from ?? null;
      const known = wilayas.get(w.code);
      if (known && (known.name !== w.name || known.name_ar !== w.name_ar))
        fail(
          `${division.id}: wilaya ${w.code} is named ${w.name} / ${w.name_ar}, elsewhere ${known.name} / ${known.name_ar}`,
        );
      if (!w.name_ar) fail(`${division.id}: wilaya ${w.code} has no Arabic name`);
      if (!known) wilayas.set(w.code, { code: w.code, name: w.name, name_ar: w.name_ar, from });
    }
  }
  const wilayaData: WilayaData = {
    source: 'packages/domain/src/geo/divisions/*.json (scripts/build-communes.ts)',
    divisions: ordered.map((d) => ({
      id: d.id,
      in_force_from: d.in_force_from ?? null,
      codes: d.wilayas.map((w) => w.code),
    })),
    wilayas: [...wilayas.values()].sort((a, b) => a.code - b.code),
  };
  outputs.set('wilayas.json', wilayasText(wilayaData));

  fs.mkdirSync(outDir, { recursive: true });
  for (const [file, text] of outputs) fs.writeFileSync(path.join(outDir, file), text);
}

if (import.meta.main) main();
