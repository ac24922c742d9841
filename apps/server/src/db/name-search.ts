// The admin's search by a customer's name: each folded word of the search inside the order's
// folded name (packages/domain name-fold.ts), served by the trigram indexes of migration 026.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from './database.ts';
import { containsPattern } from './like.ts';

/** Characters of the shortest word a trigram index serves. */
const TRIGRAM = 3;

/**
 * Orders whose folded name holds every one of `words`, folded search words (nameSearchWords). On
 * SQLite the words of three characters or more are looked up together in the FTS5 trigram table,
 * one LIKE each without ESCAPE, which FTS5 would not serve (a folded word is letters and digits, no
 * wildcard): one lookup of the table intersects them, where a lookup per word listed every order
 * holding the commonest one ("client" in every name: a second at a million orders). PostgreSQL's
 * GIN index serves the LIKEs on the column itself. A shorter word has no trigram: the names are read.
 */
export function nameHoldsAll(eb: ExpressionBuilder<DB, 'orders'>, words: readonly string[], postgres: boolean) {
  const indexed = postgres ? [] : words.filter((word) => [...word].length >= TRIGRAM && /^[\p{L}\p{N}]+$/u.test(word));
  const read = words.filter((word) => !indexed.includes(word));
  const holds = read.map((word) =>
    eb(sql<string>`customer_name_folded`, 'like', sql<string>`${containsPattern(word)} escape '\\'`),
  );
  if (indexed.length > 0) {
    const likes = sql.join(
      indexed.map((word) => sql`customer_name_folded like ${`%${word}%`}`),
      sql` and `,
    );
    holds.unshift(eb('orders.id', 'in', sql<number>`(select rowid from orders_name_fts where ${likes})`));
  }
  return eb.and(holds);
}
