// How a product name is searched (the shop's search box, GET /product/getAll?q=): the way people
// type differs from the way the owner wrote it ("tshirt", "t shirt" for "T-shirt"; "creme" for
// "Crème"; "قميص" without its hamza or vowel marks). Both sides are reduced to one key before they
// are compared: letters and digits only, lower case, without accents or Arabic marks, Arabic
// letter variants merged. The server stores each product's key (products.search_text) and looks
// for each of the query's words inside it.
import { toAsciiDigits } from './digits.ts';

/** Latin ligatures NFKD keeps as they are. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

/**
 * A text folded as the search compares it, its spaces and punctuation still in: "T-Shirt Été" →
 * "t-shirt ete".
 */
export function foldText(text: string): string {
  return (
    toAsciiDigits(text)
      // Decomposed, accents and Arabic marks (harakat, shadda, the hamza on or under alif) are
      // separate code points, dropped with the other marks.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[œæß]/g, (c) => LIGATURES[c] ?? c)
      // Arabic letters written either way: alif wasla, taa marbuta, alif maqsura; tatweel is only a stretch.
      .replace(/\u0671/g, '\u0627')
      .replace(/\u0629/g, '\u0647')
      .replace(/\u0649/g, '\u064a')
      .replace(/\u0640/g, '')
  );
}

/** The words of a folded text, without its spaces and punctuation. */
export function foldedWords(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The key of a text: "T-Shirt Été" → "tshirtete"; "الكِريم المُرطِّب" → "الكريمالمرطب". */
export function searchKey(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/** A query holds at most this many words (each one is a condition of the search). */
export const SEARCH_WORDS_MAX = 8;

/**
 * The keys of a query's words, each of which a product's names must hold, in any order: "creme
 * argan" finds "Crème Hydratante à l’Argan", "t shirt" finds "T-shirt". Empty for punctuation alone.
 */
export function searchWords(query: string): string[] {
  return [...new Set(foldedWords(foldText(query)))].slice(0, SEARCH_WORDS_MAX);
}

/**
 * What a product's search matches: the keys of its French and Arabic names, apart (a query never
 * spans the two).
 */
export function productSearchText(name: string, nameAr?: string | null): string {
  const arabic = nameAr ? searchKey(nameAr) : '';
  return arabic ? `${searchKey(name)} ${arabic}` : searchKey(name);
}
