import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// On PostgreSQL the catalogue version becomes a sequence: nextval takes no row lock and needs no
// commit of its own, so concurrent orders no longer queue on the one catalog_version row (the
// order benchmark's bottleneck). SQLite keeps the row, bumped inside its batched order commit.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`create sequence catalog_version_seq`.execute(db);
  await sql`select setval('catalog_version_seq', (select version from catalog_version where id = 1))`.execute(db);
}
