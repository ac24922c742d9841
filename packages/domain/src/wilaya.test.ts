import { describe, expect, it } from 'vitest';
import { wilayaKey } from './wilaya.ts';

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
