import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import data from './communes.json' with { type: 'json' };
import division from './divisions/wilayas-2019.json' with { type: 'json' };
import { communeKey, filterCommunes, findCommune, findDivisionWilaya, type CommuneData } from './communes.ts';

const communes: CommuneData = data;
const root = path.resolve(import.meta.dirname, '../../../..');

describe('communes data', () => {
  it('is what scripts/build-communes.ts builds from leblad and the 2019 division', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'communes-')), 'communes.json');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-communes.ts'), '--out', out], { cwd: root });
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(path.join(import.meta.dirname, 'communes.json'), 'utf8'));
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
    for (const created of division.created) {
      const wilaya = communes.wilayas.find((w) => w.code === created.code)!;
      expect(wilaya.communes.map((c) => c.code).sort()).toEqual(created.communes.map((c) => c.code).sort());
    }
  });

  it('finds a wilaya by number or name, and a commune by French or Arabic name', () => {
    expect(findDivisionWilaya(communes, '07')?.name).toBe('Biskra');
    expect(findDivisionWilaya(communes, 'béjaïa')?.code).toBe(6);
    expect(findDivisionWilaya(communes, "el m'ghair")?.code).toBe(57);
    expect(findDivisionWilaya(communes, '69')).toBeUndefined();
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
