import { describe, expect, it } from 'vitest';
import { WILAYA_NAMES_AR, wilayaKey } from './wilaya.ts';

describe('wilayaKey', () => {
  it('finds the same wilaya however it is typed', () => {
    for (const typed of [
      'Béjaïa',
      'bejaia',
      ' BEJAIA ',
      'Be\u0301jai\u0308a',
      'Bé\u200bjaïa',
      'Béj\u00adaïa',
      'Bé\u202ejaïa',
    ]) {
      expect(wilayaKey(typed)).toBe('bejaia');
    }
    expect(wilayaKey('Bordj-Bou-Arréridj')).toBe(wilayaKey('bordj bou arreridj'));
    expect(wilayaKey('Adrar\u200b')).toBe('adrar');
  });

  it('keeps different names apart', () => {
    expect(wilayaKey('Adrar')).not.toBe(wilayaKey('Adra'));
    expect(wilayaKey('Oran')).not.toBe(wilayaKey('Orán x'));
  });
});

describe('Arabic wilaya names', () => {
  it('name each of the 58 wilayas once, in Arabic letters', () => {
    const codes = Object.keys(WILAYA_NAMES_AR).map(Number);
    expect(codes).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    const names = Object.values(WILAYA_NAMES_AR);
    expect(new Set(names).size).toBe(58);
    for (const name of names) expect(name).toMatch(/^[\u0600-\u06ff ]+$/);
    expect(WILAYA_NAMES_AR[16]).toBe('الجزائر');
    expect(WILAYA_NAMES_AR[31]).toBe('وهران');
  });
});
