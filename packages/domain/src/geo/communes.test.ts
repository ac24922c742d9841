import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import data2019 from './communes-wilayas-2019.json' with { type: 'json' };
import data2026 from './communes-wilayas-2026.json' with { type: 'json' };
import division2019 from './divisions/wilayas-2019.json' with { type: 'json' };
import division2026 from './divisions/wilayas-2026.json' with { type: 'json' };
import {
  communeKey,
  filterCommunes,
  findCommune,
  findDivisionWilaya,
  movedCommune,
  movedOutOf,
  type CommuneData,
} from './communes.ts';

const communes: CommuneData = data2019;
const communes2026: CommuneData = data2026;
const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'scripts/build-communes.ts');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'communes-'));

/** The script run on division files changed by `change`: its exit status, what it said, what it wrote. */
function buildWith(change: (division: typeof division2026) => void) {
  const divisions = tmp();
  const out = tmp();
  fs.writeFileSync(path.join(divisions, 'wilayas-2019.json'), JSON.stringify(division2019));
  const changed = structuredClone(division2026);
  change(changed);
  fs.writeFileSync(path.join(divisions, 'wilayas-2026.json'), JSON.stringify(changed));
  const run = spawnSync(process.execPath, [script, '--divisions', divisions, '--out-dir', out], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, stderr: run.stderr, written: fs.readdirSync(out) };
}

const created = (d: typeof division2026, code: number) => d.created.find((c) => c.code === code)!;

describe('communes data', () => {
  it('is what scripts/build-communes.ts builds from leblad and the division files', () => {
    const out = tmp();
    execFileSync(process.execPath, [script, '--out-dir', out], { cwd: root });
    expect(fs.readdirSync(out).sort()).toEqual([
      'communes-wilayas-2019.json',
      'communes-wilayas-2026.json',
      'wilayas.json',
    ]);
    for (const file of fs.readdirSync(out)) {
      expect(fs.readFileSync(path.join(out, file), 'utf8'), file).toBe(
        fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'),
      );
    }
  });

  it('holds the 1,541 communes of the 58 wilayas, each once, with both names', () => {
    expect(communes.wilayas.map((w) => w.code)).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    const all = communes.wilayas.flatMap((w) => w.communes);
    expect(all).toHaveLength(1541);
    expect(new Set(all.map((c) => c.code)).size).toBe(1541);
    for (const c of all) {
      expect(c.name).toMatch(/^\p{Lu}/u);
      expect(c.name_ar).toMatch(/\p{Script=Arabic}/u);
      if (c.postal_code !== null) expect(c.postal_code).toMatch(/^\d{5}$/);
    }
    // Every wilaya of 2019 has exactly the communes its division entry lists.
    for (const made of division2019.created) {
      const wilaya = communes.wilayas.find((w) => w.code === made.code)!;
      expect(wilaya.communes.map((c) => c.code).sort()).toEqual(made.communes.map((c) => c.code).sort());
    }
  });

  it('holds the same 1,541 communes in the 69 wilayas of 2026, each new one with the count of the law', () => {
    expect(communes2026.division).toBe('wilayas-2026');
    expect(communes2026.wilayas.map((w) => w.code)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    const all = communes2026.wilayas.flatMap((w) => w.communes);
    expect(new Set(all.map((c) => c.code))).toEqual(
      new Set(communes.wilayas.flatMap((w) => w.communes).map((c) => c.code)),
    );
    expect(all).toHaveLength(1541);
    const count = (code: number) => communes2026.wilayas.find((w) => w.code === code)!.communes.length;
    // Law 26-06: 59 Aflou … 69 El Abiodh Sidi Cheikh, 108 communes in all.
    expect(Array.from({ length: 11 }, (_, i) => count(59 + i))).toEqual([12, 8, 5, 4, 4, 6, 10, 8, 21, 23, 7]);
    // The mothers keep the rest; the 2019 wilayas are untouched.
    for (const [code, left] of [
      [3, 12],
      [5, 53],
      [7, 22],
      [12, 24],
      [13, 49],
      [14, 36],
      [17, 18],
      [26, 43],
      [28, 24],
      [32, 15],
    ] as const) {
      expect([code, count(code)]).toEqual([code, left]);
    }
    for (const code of [1, 16, 31, 49, 58]) {
      expect(communes2026.wilayas.find((w) => w.code === code)).toEqual(communes.wilayas.find((w) => w.code === code));
    }
  });

  it('moves each named commune out of its mother wilaya only: homonyms elsewhere stay', () => {
    const wilayaOfCommune = (code: number) =>
      communes2026.wilayas.find((w) => w.communes.some((c) => c.code === code))!.code;
    expect(wilayaOfCommune(2820)).toBe(68); // Bou Saâda
    expect(wilayaOfCommune(2822)).toBe(68); // Sidi Ameur of M'Sila…
    expect(wilayaOfCommune(3218)).toBe(32); // …not El Bayadh's
    expect(wilayaOfCommune(2839)).toBe(68); // Menaa (Ouled Atia) of M'Sila…
    expect(wilayaOfCommune(506)).toBe(5); // …not Batna's
    expect(wilayaOfCommune(1213)).toBe(62); // El Ogla of Tébessa, not El Ogla El Malha
    expect(wilayaOfCommune(1215)).toBe(12);
    expect(wilayaOfCommune(2610)).toBe(67); // Bouaiche, not Bouaichoune
    expect(wilayaOfCommune(2659)).toBe(26);
    expect(wilayaOfCommune(2834)).toBe(68); // Oued Chair, leblad's Mohamed Boudiaf
    expect(wilayaOfCommune(1731)).toBe(65); // Aïn Oussara, leblad's Ain Oussera
  });

  it('refuses a division whose commune name matches none, or several, or whose count is not the law’s', () => {
    const unmatched = buildWith((d) => {
      created(d, 68).communes[0] = { name: 'Bou Saadaa' };
    });
    expect(unmatched.status).toBe(1);
    expect(unmatched.stderr).toContain('"Bou Saadaa" (for 68 Bou Saâda) matches no commune of wilaya 28');
    expect(unmatched.written).toEqual([]);

    // Sidi Ameur is a commune of El Bayadh too: named for Aflou (from Laghouat), it is not found.
    const elsewhere = buildWith((d) => {
      created(d, 59).communes[0] = { name: 'Sidi Ameur' };
    });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toContain('matches no commune of wilaya 3');

    const several = buildWith((d) => {
      created(d, 67).communes[4] = { name: 'Bouaiche', also: ['Bouaichoune'] };
    });
    expect(several.status).toBe(1);
    expect(several.stderr).toContain('matches several communes of wilaya 26: 2610, 2659');

    const miscounted = buildWith((d) => {
      created(d, 68).count = 22;
    });
    expect(miscounted.status).toBe(1);
    expect(miscounted.stderr).toContain('wilaya 68 (Bou Saâda) takes 23 communes, the law says 22');
    expect(miscounted.written).toEqual([]);

    const twice = buildWith((d) => {
      created(d, 66).communes.push({ name: 'Messaad' });
      created(d, 66).count = 9;
    });
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain('moved twice');
  });

  it('finds where a commune asked under its old wilaya went', () => {
    const moved = movedCommune(communes2026, communes, 28, 'bou saâda');
    expect(moved?.wilaya).toEqual({ code: 68, name: 'Bou Saâda' });
    expect(moved?.commune.name).toBe('Bou Saada');
    expect(movedCommune(communes2026, communes, 28, 'Magra')).toBeUndefined(); // still M'Sila's
    expect(movedCommune(communes2026, communes, 32, 'Sidi Ameur')).toBeUndefined(); // El Bayadh's stays
    expect(movedCommune(communes2026, communes, 16, 'Bou Saada')).toBeUndefined(); // never Alger's
    expect(movedOutOf(communes2026, communes, 28)).toHaveLength(23);
    expect(
      movedOutOf(communes2026, communes, 17)
        .map((m) => m.wilaya.code)
        .sort(),
    ).toEqual([...Array<number>(10).fill(65), ...Array<number>(8).fill(66)]);
    expect(movedOutOf(communes2026, communes, 16)).toEqual([]);
  });

  it('finds a wilaya by number or name, and a commune by French or Arabic name', () => {
    expect(findDivisionWilaya(communes, '07')?.name).toBe('Biskra');
    expect(findDivisionWilaya(communes, 'béjaïa')?.code).toBe(6);
    expect(findDivisionWilaya(communes, "el m'ghair")?.code).toBe(57);
    expect(findDivisionWilaya(communes, '69')).toBeUndefined();
    expect(findDivisionWilaya(communes2026, '68')?.name).toBe('Bou Saâda');
    expect(findDivisionWilaya(communes2026, 'bou saada')?.code).toBe(68);
    const alger = findDivisionWilaya(communes, 'Alger')!.communes;
    expect(findCommune(alger, 'bab-el-oued')?.name).toBe('Bab El Oued');
    expect(findCommune(alger, 'باب الوادي')?.name).toBe('Bab El Oued');
    expect(findCommune(alger, 'Oran')).toBeUndefined();
    expect(filterCommunes(alger, 'bab').map((c) => c.name)).toEqual(['Bab El Oued', 'Bab Ezzouar', 'Baba Hassen']);
    // Those starting with what was typed come first.
    expect(filterCommunes(alger, 'oued').map((c) => c.name)).toEqual(['Oued Koriche', 'Oued Smar', 'Bab El Oued']);
    expect(communeKey("  Sidi M'Hamed ")).toBe('sidi m hamed');
  });
});
