// Runs the migrations with Kysely's Migrator on either dialect. Each migration module exports
// up(db, kind); the provider closes over the dialect so one file serves both databases.
// The pending migrations run in one transaction with their records in kysely_migration, on SQLite
// too (sqlite-dialect.ts): a process stopped anywhere leaves the schema as it was or migrated, and
// the next start goes on from there. On PostgreSQL the Migrator also holds an advisory lock while
// it migrates: processes started together migrate one after the other. Indexes on large tables are
// then built there outside that transaction, without locking the table (buildIndexesConcurrently).
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './connect.ts';
import { refreshStatistics } from './statistics.ts';
import * as initial from './migrations/001-initial.ts';
import * as performanceIndexes from './migrations/002-performance-indexes.ts';
import * as catalogVersionSequence from './migrations/003-catalog-version-sequence.ts';
import * as phoneSuffixIndex from './migrations/004-phone-suffix-index.ts';
import * as phoneSuffixIndexPostgres from './migrations/005-phone-suffix-index-postgres.ts';
import * as rateLimits from './migrations/006-rate-limits.ts';
import * as brandReviewProof from './migrations/007-brand-review-proof.ts';
import * as shopSettings from './migrations/008-shop-settings.ts';
import * as catalogChanges from './migrations/009-catalog-changes.ts';
import * as orderDesk from './migrations/010-order-desk.ts';
import * as delivery from './migrations/011-delivery.ts';
import * as arabic from './migrations/012-arabic.ts';
import * as courierLeaseAndStopDesks from './migrations/013-courier-lease-and-stop-desks.ts';
import * as orderKeys from './migrations/014-order-keys.ts';
import * as communeFees from './migrations/015-commune-fees.ts';
import * as wilayaDivisions from './migrations/016-wilaya-divisions.ts';
import * as orderTrust from './migrations/017-order-trust.ts';
import * as sizedStockSums from './migrations/018-sized-stock-sums.ts';
import * as productSearch from './migrations/022-product-search.ts';
import * as ownerWorkingDay from './migrations/020-owner-working-day.ts';
import * as staff from './migrations/023-staff.ts';
import * as courierAccounts from './migrations/024-courier-accounts.ts';
import * as productSales from './migrations/025-product-sales.ts';
import * as orderNameSearch from './migrations/026-order-name-search.ts';
import * as adAttribution from './migrations/027-ad-attribution.ts';
import * as checkoutDrafts from './migrations/028-checkout-drafts.ts';
import * as draftAttribution from './migrations/029-draft-attribution.ts';
import * as variants from './migrations/030-variants.ts';
import * as deepPages from './migrations/031-deep-pages.ts';
import * as leadHolds from './migrations/032-lead-holds.ts';
import * as draftCustomChoice from './migrations/033-draft-custom-choice.ts';
import * as orderFigures from './migrations/034-order-figures.ts';
import * as orderBlocks from './migrations/035-order-blocks.ts';
import * as sqliteFiguresOneSlot from './migrations/036-sqlite-figures-one-slot.ts';
import * as lowStockIndexes from './migrations/037-low-stock-indexes.ts';

const migrations = {
  '001-initial': initial,
  '002-performance-indexes': performanceIndexes,
  '003-catalog-version-sequence': catalogVersionSequence,
  '004-phone-suffix-index': phoneSuffixIndex,
  '005-phone-suffix-index-postgres': phoneSuffixIndexPostgres,
  '006-rate-limits': rateLimits,
  '007-brand-review-proof': brandReviewProof,
  '008-shop-settings': shopSettings,
  '009-catalog-changes': catalogChanges,
  '010-order-desk': orderDesk,
  '011-delivery': delivery,
  '012-arabic': arabic,
  '013-courier-lease-and-stop-desks': courierLeaseAndStopDesks,
  '014-order-keys': orderKeys,
  '015-commune-fees': communeFees,
  '016-wilaya-divisions': wilayaDivisions,
  '017-order-trust': orderTrust,
  '018-sized-stock-sums': sizedStockSums,
  '020-owner-working-day': ownerWorkingDay,
  '022-product-search': productSearch,
  '023-staff': staff,
  '024-courier-accounts': courierAccounts,
  '025-product-sales': productSales,
  '026-order-name-search': orderNameSearch,
  '027-ad-attribution': adAttribution,
  '028-checkout-drafts': checkoutDrafts,
  '029-draft-attribution': draftAttribution,
  '030-variants': variants,
  '031-deep-pages': deepPages,
  '032-lead-holds': leadHolds,
  '033-draft-custom-choice': draftCustomChoice,
  '034-order-figures': orderFigures,
  '035-order-blocks': orderBlocks,
  '036-sqlite-figures-one-slot': sqliteFiguresOneSlot,
  '037-low-stock-indexes': lowStockIndexes,
};

/** The Migrator of a database, over this app's migrations. */
function migratorOf(db: Db): Migrator {
  const provider: MigrationProvider = {
    getMigrations() {
      const result: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(migrations)) {
        result[name] = { up: (kysely) => module.up(kysely, db.kind) };
      }
      return Promise.resolve(result);
    },
  };
  // The schema is named so Kysely looks for its bookkeeping tables there and not in another schema
  // of the same PostgreSQL database.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  return migrator;
}

/** How many of this app's migrations the database has not run yet (a process is not ready). */
export async function pendingMigrations(db: Db): Promise<number> {
  return (await migratorOf(db).getMigrations()).filter((m) => m.executedAt === undefined).length;
}

/** The migrations' names, oldest first. */
export const MIGRATION_NAMES = Object.keys(migrations);

/** Runs the pending migrations: all, or up to `last` (the tests make an older release's schema). */
export async function migrate(db: Db, last?: string): Promise<void> {
  const migrator = migratorOf(db);
  const { error, results } = await (last === undefined ? migrator.migrateToLatest() : migrator.migrateTo(last));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  if (db.kind === 'postgres') await buildIndexesConcurrently(db, last);
  // SQLite's planner statistics, for the tables and indexes as they now are (statistics.ts).
  await refreshStatistics(db);
}

/** PostgreSQL's indexes built outside the migrations' transaction, by the migration that asks for them. */
async function concurrentIndexes(db: Db, last: string | undefined) {
  const reached = (name: string) =>
    last === undefined || MIGRATION_NAMES.indexOf(last) >= MIGRATION_NAMES.indexOf(name);
  return [
    ...(reached('026-order-name-search')
      ? await orderNameSearch.postgresIndexes(db.kysely as unknown as Kysely<unknown>)
      : []),
    ...(reached('031-deep-pages') ? deepPages.postgresIndexes() : []),
    ...(reached('034-order-figures') ? orderFigures.postgresIndexes() : []),
    ...(reached('037-low-stock-indexes') ? lowStockIndexes.postgresIndexes() : []),
  ];
}

/**
 * PostgreSQL's indexes on large tables, built once the migrations are recorded, outside their
 * transaction (CREATE INDEX CONCURRENTLY cannot run in one): the table takes writes while the
 * index is built (docs/decisions/031). Processes starting together take turns on an advisory lock
 * of the schema, so one builds and the others find it built; an index still invalid once the lock
 * is held was left by a build that stopped half-way, and is dropped and built again. The lock is
 * tried, not waited for: a session blocked on it would hold a snapshot the concurrent build waits
 * for, and each would wait for the other.
 */
async function buildIndexesConcurrently(db: Db, last: string | undefined): Promise<void> {
  const indexes = await concurrentIndexes(db, last);
  if (indexes.length === 0) return;
  await db.kysely.connection().execute(async (connection) => {
    const session = connection as unknown as Kysely<unknown>;
    const key = sql`hashtext('shop concurrent indexes ' || current_schema())`;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(session);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      for (const index of indexes) {
        const invalid = await sql`select 1 from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = ${index.name} and c.relnamespace = current_schema()::regnamespace and not i.indisvalid`.execute(
          session,
        );
        if (invalid.rows.length > 0)
          await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(session);
        await index.create.execute(session);
      }
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(session);
    }
  });
}
