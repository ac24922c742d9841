// What a search that found nothing may have meant: the products whose names are closest to what
// was typed ("tshrt" → "T-shirt …", "chmise" → "Chemise …"), compared on the same search keys as
// the search itself (packages/domain search-text.ts) by edit distance. Only asked after an empty
// result, and answered from the catalogue cache, so reading every product's names is rare.
import { distance } from 'fastest-levenshtein';
import { foldText, foldedWords, searchKey } from '@shop/domain/search-text';
import type { ProductSuggestion } from '@shop/domain/catalog-responses';
import type { Executor } from '../../db/database.ts';
import * as repo from './catalog.repository.ts';

/** At most this many names are offered. */
export const SUGGESTIONS_LIMIT = 3;
/** How alike a name must be: 1 − edits / length of the longer key. */
const MIN_LIKENESS = 0.6;

/** 1 − edits / length of the longer; 0 without computing when the lengths alone rule it out. */
function likeness(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (!a || !b || 1 - Math.abs(a.length - b.length) / longer < MIN_LIKENESS) return 0;
  return 1 - distance(a, b) / longer;
}

/** Each name's parts, by the name's text (a pure function of it: never stale, only bounded). */
const partsOf = new Map<string, string[]>();
const PARTS_KEPT = 50_000;

/**
 * The parts of a name a query may have meant: each word, each two words together ("T-shirt" is
 * "t" and "shirt" apart), and the whole name. Folding the name is the costly part: done once.
 */
function candidates(name: string): string[] {
  let parts = partsOf.get(name);
  if (!parts) {
    const words = foldedWords(foldText(name));
    parts = [...words, ...words.slice(1).map((word, i) => `${words[i]}${word}`), words.join('')];
    if (partsOf.size >= PARTS_KEPT) partsOf.clear();
    partsOf.set(name, parts);
  }
  return parts;
}

/** How near a name comes to the query's key: its nearest part. */
function nearness(key: string, name: string | null): number {
  return name ? Math.max(0, ...candidates(name).map((part) => likeness(key, part))) : 0;
}

export async function suggestProducts(db: Executor, query: string): Promise<ProductSuggestion[]> {
  const key = searchKey(query);
  if (!key) return [];
  const scored = (await repo.findProductNames(db))
    .map((p) => ({ ...p, score: Math.max(nearness(key, p.name), nearness(key, p.name_ar)) }))
    .filter((p) => p.score >= MIN_LIKENESS)
    .sort((a, b) => b.score - a.score || a.id - b.id);
  const seen = new Set<string>();
  const found: ProductSuggestion[] = [];
  for (const { id, name, name_ar } of scored) {
    if (seen.has(name)) continue;
    seen.add(name);
    found.push({ id, name, name_ar });
    if (found.length === SUGGESTIONS_LIMIT) break;
  }
  return found;
}
