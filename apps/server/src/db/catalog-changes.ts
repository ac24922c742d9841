// The catalogue's change feed: every write that changes what the public catalogue shows records
// what it touched here (a row of catalog_changes numbered by the catalogue version), and every
// process's response cache (http/cache.ts) reads the rows after the last one it applied and drops
// the entries that show it. A writer goes through changeCatalog (a write in its own transaction)
// or, when its transaction is owned elsewhere (the order batch), recordCatalogChange. One module,
// below the modules: the cache reads it without knowing the catalogue's queries.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Executor } from './database.ts';
import { isPostgres } from './dialect.ts';

/**
 * What a catalogue change touched, as the response cache's entries name what they show
 * (http/cache.ts): `product:<id>` (its stock, its rating), `lists` (the order of lists), `orders`
 * (the dashboard, the best sellers), `reviews` (brand reviews), or `catalog` (anything: an admin's
 * edit).
 */
export type CatalogTag = 'catalog' | 'lists' | 'orders' | 'reviews' | `product:${number}`;

export const productTag = (id: number): CatalogTag => `product:${id}`;

/**
 * Tells every process's response cache (http/cache.ts) what in the public catalogue changed: a
 * row of catalog_changes numbered by the next catalogue version. On PostgreSQL the version is a
 * sequence (migration 003: no row lock, concurrent writers never wait on it), taken in the same
 * statement as the row is written; on SQLite the catalog_version row, bumped in the caller's
 * transaction.
 */
export async function recordCatalogChange(db: Executor, tags: readonly CatalogTag[] = ['catalog']): Promise<void> {
  const row = { tags: [...new Set(tags)].join(' '), changed_at: new Date().toISOString() };
  if (isPostgres(db)) {
    await sql`insert into catalog_changes (version, tags, changed_at)
      values (nextval('catalog_version_seq'), ${row.tags}, ${row.changed_at})`.execute(db);
    return;
  }
  const { version } = await db
    .updateTable('catalog_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('catalog_changes')
    .values({ version, ...row })
    .execute();
}

/** SQLite: takes the database's write lock for the rest of the transaction, changing nothing. */
export async function takeWriteLock(db: Executor): Promise<void> {
  await db
    .updateTable('catalog_version')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', 1)
    .execute();
}

/**
 * Runs a write that changes what the public catalogue shows, in a transaction, and records the
 * change with the timing each database needs so that no process caches the old rows after it has
 * seen the change: on SQLite inside the transaction (the change and the rows become visible
 * together), on PostgreSQL after the commit (its version is a sequence, visible to every session
 * the moment nextval runs, before an open transaction's rows are).
 */
export async function changeCatalog<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  tags: readonly CatalogTag[] | ((result: T) => readonly CatalogTag[]) = ['catalog'],
): Promise<T> {
  const tagsOf = (result: T) => (typeof tags === 'function' ? tags(result) : tags);
  if (isPostgres(db)) {
    const result = await db.transaction().execute(work);
    await recordCatalogChange(db, tagsOf(result));
    return result;
  }
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await recordCatalogChange(trx, tagsOf(result));
    return result;
  });
}

export async function readCatalogVersion(db: Executor): Promise<number> {
  const query = isPostgres(db)
    ? sql<{ version: number }>`select last_value as version from catalog_version_seq`
    : sql<{ version: number }>`select version from catalog_version where id = 1`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/** The changes numbered after `version`, oldest first (at most `limit`). */
export async function readCatalogChanges(db: Executor, version: number, limit = 5000) {
  const rows = await db
    .selectFrom('catalog_changes')
    .select(['version', 'tags'])
    .where('version', '>', version)
    .orderBy('version')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ version: Number(row.version), tags: row.tags.split(' ') }));
}

/** Removes the changes recorded before `before` (ISO time). */
export function pruneCatalogChanges(db: Executor, before: string) {
  return db.deleteFrom('catalog_changes').where('changed_at', '<', before).execute();
}
