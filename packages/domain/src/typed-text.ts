// What a person may type into a name or a text the shop keeps: one rule for every form and payload
// (the storefront's, the back office's), because these texts end up on delivery slips, in the
// courier's parcels, in CSV files and on the pages. Refused:
// - control characters: C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F), and the line and
//   paragraph separators U+2028/U+2029; a text of several lines (a review, a note) keeps its line
//   breaks and tabs;
// - the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): one of them turns
//   the rest of a slip's line, or of a spreadsheet cell, around ("Amina" shown as "animA");
// - a text with nothing visible in it (spaces, zero-width characters, marks alone), and a name
//   without a letter: it would be stored, and printed blank.
// Kept: the marks Arabic and French need inside a text (the left-to-right and right-to-left marks
// U+200E/U+200F and the Arabic letter mark U+061C, the zero-width joiner and non-joiner, tashkeel
// on letters). They do not count as visible: a name made of them alone is refused.
// No zod here: the pages that only check a text do not download zod (zod schemas: text-schemas.ts).

/** How much a text may hold: a name (one line, needs a letter), a line (an address), a text (several lines). */
export type TextKind = 'name' | 'line' | 'text';

const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
/** Characters never kept in a one-line text. */
const NOT_IN_A_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROLS}]`, 'u');
/** Characters never kept in a text of several lines: the same, but tab, line feed and carriage return. */
const NOT_IN_A_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]`, 'u');
/**
 * A letter one sees: not one Unicode ignores when drawing (the Hangul fillers are "letters" that
 * draw nothing), nor the Arabic tatweel alone.
 */
const VISIBLE_LETTER = /(?![\p{Default_Ignorable_Code_Point}\u0640])\p{L}/u;
/** Something one sees: a letter, a digit, a symbol (an emoji) or punctuation, not the blank braille cell. */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u0640\u2800])[\p{L}\p{N}\p{S}\p{P}]/u;

/**
 * What is wrong with a text a person typed, or null: `characters` (a control or direction
 * character), `blank` (nothing visible in it), `letters` (a name without a letter). An empty text
 * is the caller's to judge (a required field, or an optional one).
 */
export function typedTextProblem(text: string, kind: TextKind): 'characters' | 'blank' | 'letters' | null {
  if ((kind === 'text' ? NOT_IN_A_TEXT : NOT_IN_A_LINE).test(text)) return 'characters';
  if (!VISIBLE.test(text)) return 'blank';
  if (kind === 'name' && !VISIBLE_LETTER.test(text)) return 'letters';
  return null;
}
