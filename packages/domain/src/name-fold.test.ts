import { describe, expect, it } from 'vitest';
import { foldName, nameSearchWords } from './name-fold.ts';

describe('foldName', () => {
  it('reads a name the same with or without its accents, case, hyphens and invisible characters', () => {
    for (const typed of ['Aït-Ahmed', 'AIT AHMED', ' ait  ahmed ', 'Ai\u0308t\u200b Ahmed', "Aït'Ahmed"]) {
      expect(foldName(typed)).toBe('ait ahmed');
    }
    expect(foldName('Chérif Bœuf')).toBe('cherif boeuf');
  });

  it('reads an Arabic name the same with or without vowel marks, tatweel and hamza forms', () => {
    expect(foldName('أَحْمَد بن علـــي')).toBe(foldName('احمد بن علي'));
    expect(foldName('فاطمة')).toBe(foldName('فاطمه'));
  });
});

describe('nameSearchWords', () => {
  it('splits a search into its folded words, once each', () => {
    expect(nameSearchWords('Tebboune  Samira')).toEqual(['tebboune', 'samira']);
    expect(nameSearchWords('Aït-Ahmed aït')).toEqual(['ait', 'ahmed']);
    expect(nameSearchWords(' - ')).toEqual([]);
  });
});
