// How a person's name is compared when the owner searches for it: people type names without
// their accents ("Ait Ahmed" for "Aït Ahmed"), in another order ("Tebboune Samira"), with or
// without hyphens, and Arabic names with or without their vowel marks or hamza. Both sides of
// the comparison are folded the same way: the stored name when it is written, the search when
// it is asked.

/**
 * A name without case, accents, Arabic vowel marks, tatweel or hamza forms, invisible
 * characters or punctuation, its words separated by one space.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\p{Cf}\u00ad\u0640]/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[إأآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search, folded as names are: each must be found in the name, in any order. */
export function nameSearchWords(query: string): string[] {
  const words = foldName(query).split(' ').filter(Boolean);
  return [...new Set(words)];
}
