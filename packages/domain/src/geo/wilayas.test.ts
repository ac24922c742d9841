import { describe, expect, it } from 'vitest';
import division2026 from './divisions/wilayas-2026.json' with { type: 'json' };
import {
  divisionInForce,
  nextDivisionChange,
  WILAYA_NAMES_AR,
  wilayaIn,
  wilayaNamed,
  wilayaOf,
  wilayasCreatedIn,
} from './wilayas.ts';

const algiers = (local: string) => Date.parse(`${local}+01:00`);

describe('the division in force', () => {
  it('is the 58 wilayas until 31 December 2026 and the 69 from 1 January 2027, Algiers time', () => {
    expect(divisionInForce('auto', algiers('2026-11-25T10:00:00'))).toBe('wilayas-2019');
    expect(divisionInForce('auto', algiers('2026-12-31T23:59:59.999'))).toBe('wilayas-2019');
    expect(divisionInForce('auto', algiers('2027-01-01T00:00:00'))).toBe('wilayas-2026');
    // Midnight in Algiers is 23:00 UTC the day before.
    expect(divisionInForce('auto', Date.parse('2026-12-31T23:00:00Z'))).toBe('wilayas-2026');
    expect(divisionInForce('auto', Date.parse('2026-12-31T22:59:59Z'))).toBe('wilayas-2019');
    expect(nextDivisionChange(algiers('2026-11-25T10:00:00'))).toEqual({
      id: 'wilayas-2026',
      at: Date.parse('2026-12-31T23:00:00Z'),
    });
    expect(nextDivisionChange(algiers('2027-01-01T00:00:00'))).toBeNull();
  });

  it('is the one chosen whatever the day, and an unknown one is refused', () => {
    expect(divisionInForce('wilayas-2026', algiers('2026-11-25T10:00:00'))).toBe('wilayas-2026');
    expect(divisionInForce('wilayas-2019', algiers('2027-06-01T10:00:00'))).toBe('wilayas-2019');
    expect(() => divisionInForce('wilayas-2025', 0)).toThrow('Unknown division wilayas-2025');
  });
});

describe('wilayas of every division', () => {
  it('names each of the 69 once, in French and Arabic, as the division files do', () => {
    const codes = Object.keys(WILAYA_NAMES_AR).map(Number);
    expect(codes).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    expect(new Set(Object.values(WILAYA_NAMES_AR)).size).toBe(69);
    for (const name of Object.values(WILAYA_NAMES_AR)) expect(name).toMatch(/^[\u0600-\u06ff ]+$/);
    expect(WILAYA_NAMES_AR[16]).toBe('الجزائر');
    expect(WILAYA_NAMES_AR[68]).toBe('بوسعادة');
    for (const w of division2026.wilayas) expect(wilayaOf(w.code)).toMatchObject(w);
    expect(wilayaNamed('BOU SAADA')?.code).toBe(68);
    expect(wilayaNamed("m'sila")?.code).toBe(28);
    expect(wilayaNamed('Atlantis')).toBeUndefined();
  });

  it('says a new wilaya as a division without it knows it: its mother', () => {
    expect(wilayaIn('wilayas-2019', 68)).toMatchObject({ code: 28, name: "M'Sila" });
    expect(wilayaIn('wilayas-2026', 68)).toMatchObject({ code: 68, name: 'Bou Saâda' });
    expect(wilayaIn('wilayas-2019', 65)).toMatchObject({ code: 17, name: 'Djelfa' });
    expect(wilayaIn('wilayas-2019', 28)?.code).toBe(28);
    expect(wilayaIn('wilayas-2019', 49)?.code).toBe(49);
    expect(wilayaIn('wilayas-2019', 99)).toBeUndefined();
    expect(wilayasCreatedIn('wilayas-2026').map((w) => [w.code, w.from])).toEqual([
      [59, 3],
      [60, 5],
      [61, 7],
      [62, 12],
      [63, 13],
      [64, 14],
      [65, 17],
      [66, 17],
      [67, 26],
      [68, 28],
      [69, 32],
    ]);
    expect(wilayasCreatedIn('wilayas-2019')).toEqual([]);
  });
});
