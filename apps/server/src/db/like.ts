// LIKE patterns built from what a user typed: % _ and \ are escaped (the queries say
// `escape '\'`), so a search for "50%" finds "50%" and not everything.

/** `%text%`: rows containing the text, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
