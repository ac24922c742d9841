// Kysely's SQLite dialect (better-sqlite3) with two corrections:
// - SQLite's DDL is transactional, but Kysely's SqliteAdapter says it is not, so its Migrator ran
//   a migration statement by statement outside any transaction: a process killed in the middle
//   left half a migration without its record ("table … already exists", "duplicate column name"
//   at every start after). This adapter says it is, and the Migrator commits each migration with
//   its record or nothing. None of the migrations does what SQLite cannot do in a transaction
//   (PRAGMA foreign_keys, VACUUM); one that must would have to run outside the Migrator.
// - SQLite ends a transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM).
//   Kysely then sent ROLLBACK, which failed with "cannot rollback - no transaction is active",
//   and that error replaced the one saying what happened (a full disk). Here a ROLLBACK is only
//   sent while a transaction is open.
import type SQLite from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
} from 'kysely';

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class Driver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;

  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

export function sqliteDialect(sqlite: SQLite.Database): Dialect {
  return {
    createAdapter: () => new TransactionalDdlAdapter(),
    createDriver: () => new Driver(sqlite),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
