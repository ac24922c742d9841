// The server killed (SIGKILL) at random points of its first start on an empty SQLite file, and of
// an upgrade (a database of an older release, with orders in it, started with every migration):
// after each kill the database holds whole migrations only (its schema is exactly that of the
// migrations it records), every start after a kill gets on with it instead of failing ("table
// product_types already exists", "duplicate column name: confirmation"), and the schema ends
// complete, the data kept and migrated once. PostgreSQL's migrations were always transactional.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connect.ts';
import { MIGRATION_NAMES, migrate } from '../apps/server/src/db/migrate.ts';
import { spawnServer, startServer, tempDir, type ServerProcess } from './harness.ts';

const KILLS_PER_TEST = 6;
/** More kills while none came in the middle of the migrations (the kills' times are random). */
const MAX_KILLS_PER_TEST = 20;
const KILLS_PER_DATABASE = 3;
/** The older database's orders: enough that its upgrade takes the better part of a second here. */
const OLD_ORDERS = 20_000;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = tempDir('shop-kill-');
  folders.push(dir);
  return dir;
}

/** What a database's schema is made of (the Migrator's own tables aside), in a comparable form. */
function schemaOf(db: SQLite.Database): string[] {
  return (
    db
      .prepare(
        `select type || ' ' || name || ': ' || coalesce(sql, '') as line from sqlite_master
         where name not like 'sqlite_%' and name not like 'kysely_%' order by type, name`,
      )
      .all() as { line: string }[]
  ).map((r) => r.line);
}

/** The schema after the first `count` migrations, made without interruption. */
const references = new Map<number, string[]>();
async function referenceSchema(count: number): Promise<string[]> {
  const known = references.get(count);
  if (known) return known;
  const file = path.join(folder(), 'reference.db');
  const db = connect({ kind: 'sqlite', file });
  if (count > 0) await migrate(db, MIGRATION_NAMES[count - 1]);
  await db.close();
  const sqlite = new SQLite(file, { readonly: true });
  const schema = schemaOf(sqlite);
  sqlite.close();
  references.set(count, schema);
  return schema;
}

interface State {
  /** The Migrator had made its tables: it was about to migrate, migrating, or done. */
  migrator: boolean;
  recorded: number;
  schema: string[];
}

/** What a killed start left, read from a copy: the original stays as it was for the next start. */
function stateAfterKill(dir: string): State | null {
  if (!fs.existsSync(path.join(dir, 'shop.db'))) return null;
  const copy = folder();
  for (const name of ['shop.db', 'shop.db-wal', 'shop.db-shm']) {
    if (fs.existsSync(path.join(dir, name))) fs.copyFileSync(path.join(dir, name), path.join(copy, name));
  }
  const db = new SQLite(path.join(copy, 'shop.db'));
  try {
    const table = db.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
    const recorded = table ? (db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n : 0;
    return { migrator: Boolean(table), recorded, schema: schemaOf(db) };
  } finally {
    db.close();
  }
}

/** Resolves at the first change in `dir` (the process opening its database) or when it ends. */
function firstChange(dir: string, server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    const watcher = fs.watch(dir, () => {
      watcher.close();
      resolve();
    });
    void server.exited.then(() => {
      watcher.close();
      resolve();
    });
  });
}

interface Kill {
  delay: number;
  /** Migrations recorded after the kill; null when the process had not created the database. */
  recorded: number | null;
  /** Killed while the Migrator was at work: its tables made, the migrations not recorded. */
  midway: boolean;
}

/**
 * Starts the server on `dir` again and again, killing it `delay` ms after it opened the database
 * (the first time, when the folder changes; after, as long after the spawn as that took), until a
 * kill finds every migration recorded or KILLS_PER_DATABASE kills; then starts it for good.
 */
async function killRepeatedly(dir: string, from: number, windowMs: number, kills: Kill[]): Promise<void> {
  let openedAfter: number | undefined;
  for (let k = 0; k < KILLS_PER_DATABASE; k++) {
    // A kill that found the migrations done bounds how long they take: later kills come sooner.
    const window = Math.min(
      windowMs,
      ...kills.filter((x) => x.recorded === MIGRATION_NAMES.length).map((x) => x.delay),
    );
    const delay = Math.round(Math.random() * window);
    const spawned = Date.now();
    const server = await spawnServer({ DATABASE_URL: `sqlite:${dir}/shop.db`, DATA_DIR: dir });
    if (openedAfter === undefined) {
      await firstChange(dir, server);
      openedAfter = Date.now() - spawned;
      await new Promise((r) => setTimeout(r, delay));
    } else {
      await new Promise((r) => setTimeout(r, Math.max(0, spawned + openedAfter! + delay - Date.now())));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    // The start was going on when it was killed: it had not failed on its own.
    expect(server.child.signalCode, `start ${k + 1} after ${delay} ms: ${server.output()}`).toBe('SIGKILL');
    const state = stateAfterKill(dir);
    kills.push({
      delay,
      recorded: state?.recorded ?? null,
      midway: Boolean(state?.migrator) && state?.recorded === from,
    });
    if (!state) continue;
    expect([from, MIGRATION_NAMES.length]).toContain(state.recorded);
    // Whole migrations only: exactly the schema of the migrations recorded.
    expect(state.schema, `killed ${delay} ms after opening`).toEqual(await referenceSchema(state.recorded));
    if (state.recorded === MIGRATION_NAMES.length) break;
  }
  const server = await startServer({ DATABASE_URL: `sqlite:${dir}/shop.db`, DATA_DIR: dir });
  await server.kill('SIGTERM');
}

/** The database a finished start leaves: every migration, whole, and a sound file. */
async function expectComplete(dir: string): Promise<SQLite.Database> {
  const db = new SQLite(path.join(dir, 'shop.db'));
  expect((db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBe(
    MIGRATION_NAMES.length,
  );
  expect(schemaOf(db)).toEqual(await referenceSchema(MIGRATION_NAMES.length));
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
  expect(db.prepare('select username from users').all()).toEqual([{ username: 'admin' }]);
  return db;
}

/** Whether to go on killing: too few kills, or none yet in the middle of the migrations. */
function moreKills(kills: Kill[]): boolean {
  if (kills.length < KILLS_PER_TEST) return true;
  return !kills.some((k) => k.midway) && kills.length < MAX_KILLS_PER_TEST;
}

describe('SIGKILL during migrations (SQLite)', () => {
  beforeAll(async () => {
    await referenceSchema(MIGRATION_NAMES.length);
  });

  it('a first start on an empty file, killed again and again: every start after a kill succeeds, the schema ends complete', async () => {
    const kills: Kill[] = [];
    while (moreKills(kills)) {
      const dir = folder();
      // Its migrations take 50-150 ms here, after the opening and the Migrator's own tables.
      await killRepeatedly(dir, 0, 250, kills);
      (await expectComplete(dir)).close();
    }
    // Some kills came while the database was open and not yet migrated.
    expect(
      kills.some((k) => k.recorded === 0),
      JSON.stringify(kills),
    ).toBe(true);
  });

  it('an upgrade of an older database with orders, killed again and again: the same, and its data migrated once', async () => {
    const kills: Kill[] = [];
    // An older release's database: the first migration only (the most to upgrade), with orders.
    const from = 1;
    const base = path.join(folder(), 'base.db');
    const old = connect({ kind: 'sqlite', file: base });
    await migrate(old, MIGRATION_NAMES[from - 1]);
    await old.close();
    const statuses = ['pending', 'approved', 'shipping', 'successful', 'cancelled'];
    const seeded = new SQLite(base);
    const now = new Date().toISOString();
    seeded
      .prepare(
        `insert into products (name, price_cents, final_price_cents, stock, created_at, updated_at)
         values ('Robe', 300000, 300000, 7, ?, ?)`,
      )
      .run(now, now);
    const order = seeded.prepare(
      `insert into orders (type, status, customer_name, customer_phone, customer_address, customer_postal_code,
         wilaya_name, subtotal_cents, shipping_fee_cents, final_total_cents, created_at, updated_at)
       values ('regular', ?, 'Client', ?, 'Blida | rue', '09000', 'Blida', 300000, 50000, 350000, ?, ?)`,
    );
    const item = seeded.prepare(
      `insert into order_items (order_id, product_id, product_name, quantity, price_at_time_cents, unit_final_price_cents)
       values (?, 1, 'Robe', 1, 300000, 300000)`,
    );
    seeded.transaction(() => {
      for (let i = 0; i < OLD_ORDERS; i++) {
        const phone = `055${String(i).padStart(7, '0')}`;
        item.run(order.run(statuses[i % statuses.length], phone, now, now).lastInsertRowid);
      }
    })();
    seeded.close();

    while (moreKills(kills)) {
      const dir = folder();
      fs.copyFileSync(base, path.join(dir, 'shop.db'));
      // Its migrations take the better part of a second here.
      await killRepeatedly(dir, from, 1500, kills);
      const db = await expectComplete(dir);
      // Migration 010 counted the orders handled before it as confirmed, once; 004 indexed their
      // phones (7 suffixes of 4 digits or more each), once.
      const confirmation = db
        .prepare('select status, confirmation, count(*) as n from orders group by status, confirmation order by status')
        .all();
      expect(confirmation).toEqual(
        [...statuses].sort().map((status) => ({
          status,
          confirmation: ['approved', 'shipping', 'successful'].includes(status) ? 'confirmed' : 'to_confirm',
          n: OLD_ORDERS / statuses.length,
        })),
      );
      expect(db.prepare('select count(*) as n from order_phone_suffixes').get()).toEqual({ n: OLD_ORDERS * 7 });
      expect(db.prepare('select count(*) as n from order_items').get()).toEqual({ n: OLD_ORDERS });
      db.close();
    }
    expect(
      kills.some((k) => k.midway),
      JSON.stringify(kills),
    ).toBe(true);
  });
});
