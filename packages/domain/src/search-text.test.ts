import { describe, expect, it } from 'vitest';
import { productSearchText, searchKey, searchWords } from './search-text.ts';

describe('searchKey', () => {
  it.each([
    ['T-shirt Essentiel Blanc', 'tshirtessentielblanc'],
    ['tshirt', 'tshirt'],
    ['t shirt', 'tshirt'],
    ['Crème Hydratante à l’Argan', 'cremehydratantealargan'],
    ['CREME', 'creme'],
    ['Œuvre', 'oeuvre'],
    ['Jean 12 oz', 'jean12oz'],
    ['جينز ١٢', 'جينز12'],
  ])('reads %j as %j', (text, key) => expect(searchKey(text)).toBe(key));

  it('merges the ways Arabic is written: marks, hamza seats, taa marbuta, alif maqsura, tatweel', () => {
    expect(searchKey('كريمٌ مُرَطِّب')).toBe(searchKey('كريم مرطب'));
    expect(searchKey('أحمر')).toBe(searchKey('احمر'));
    expect(searchKey('إبرة')).toBe(searchKey('ابره'));
    expect(searchKey('آمنة')).toBe(searchKey('امنه'));
    expect(searchKey('حلوى')).toBe(searchKey('حلوي'));
    expect(searchKey('قمـــيص')).toBe(searchKey('قميص'));
  });

  it('keeps nothing of punctuation alone', () => {
    expect(searchKey(' - ! ')).toBe('');
  });
});

describe('productSearchText', () => {
  it('holds both names apart', () => {
    expect(productSearchText('T-shirt Blanc', 'تي شيرت أبيض')).toBe('tshirtblanc تيشيرتابيض');
    expect(productSearchText('Savon', null)).toBe('savon');
  });
});

describe('searchWords', () => {
  it('splits a query into the keys of its words', () => {
    expect(searchWords('Crème  argan')).toEqual(['creme', 'argan']);
    expect(searchWords('T-shirt')).toEqual(['t', 'shirt']);
    expect(searchWords('tshirt tshirt')).toEqual(['tshirt']);
    expect(searchWords(' - ')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
