// The admin's search by a customer's name: each folded word of the search inside the order's
// folded name (packages/domain name-fold.ts), served by the trigram indexes of migration 026.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from './database.ts';
import { containsPattern } from './like.ts';

/** Characters of the shortest word a trigram index serves. */
const TRIGRAM = 3;

/**
 * Orders whose folded name holds `word`, a folded search word (nameSearchWords). On SQLite a word
 * of three characters or more is looked up in the FTS5 trigram table, with a LIKE without ESCAPE,
 * which FTS5 would not serve (a folded word is letters and digits, no wildcard); PostgreSQL's GIN
 * index serves the LIKE on the column itself. A shorter word has no trigram: the names are read.
 */
export function nameHolds(eb: ExpressionBuilder<DB, 'orders'>, word: string, postgres: boolean) {
  if (!postgres && [...word].length >= TRIGRAM && /^[\p{L}\p{N}]+$/u.test(word)) {
    return eb(
      'orders.id',
      'in',
      sql<number>`(select rowid from orders_name_fts where customer_name_folded like ${`%${word}%`})`,
    );
  }
  return eb(sql<string>`customer_name_folded`, 'like', sql<string>`${containsPattern(word)} escape '\\'`);
}
