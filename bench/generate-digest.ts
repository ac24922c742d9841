// node bench/generate-digest.ts [generator module] [orders] [products]: generates a shop on a
// fresh SQLite file with the clock stopped, and prints a digest of every table's rows (in rowid
// order) and of the whole. Two generators that give the same digests give the same shop: run it
// with the generator of an earlier commit (`git show <commit>:bench/generate.ts > /tmp/old.ts`
// beside this directory's imports) and with bench/generate.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { generate as generateType } from './generate.ts';

// The generator dates its rows from now: every run sees the same instant.
const FIXED = Date.parse('2026-11-26T00:00:00.000Z');
const RealDate = Date;
class StoppedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FIXED);
    else super(...(args as [string]));
  }
  static override now(): number {
    return FIXED;
  }
}
globalThis.Date = StoppedDate as DateConstructor;

const generatorPath = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, 'generate.ts'));
const orders = Number(process.argv[3] ?? 5000);
const products = Number(process.argv[4] ?? 100);
const { connect } = await import('../apps/server/src/db/connect.ts');
const { migrate } = await import('../apps/server/src/db/migrate.ts');
const { generate } = (await import(generatorPath)) as { generate: typeof generateType };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-digest-'));
const db = connect({ kind: 'sqlite', file: path.join(dir, 'shop.db') });
try {
  await migrate(db);
  const report = await generate(db, { uploadsDir: path.join(dir, 'uploads'), orders, products, reviews: 2000 });
  console.log(JSON.stringify(report));
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(
    db.kysely,
  );
  // An FTS5 index's segments (its _data and _idx tables) are laid out by the transactions that
  // wrote it: what it holds is digested instead, every term's every instance (fts5vocab).
  const fts = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and sql like '%using fts5%'`.execute(db.kysely);
  const layout = new Set(fts.rows.flatMap(({ name }) => [`${name}_data`, `${name}_idx`]));
  for (const { name } of fts.rows) {
    await sql`insert into ${sql.table(name)} (${sql.ref(name)}) values ('integrity-check')`.execute(db.kysely);
    await sql`create virtual table temp.${sql.ref(`${name}_entries`)} using fts5vocab(main, ${sql.ref(name)}, 'instance')`.execute(
      db.kysely,
    );
  }
  const entries = fts.rows.map(({ name }) => ({ name: `temp.${name}_entries`, order: 'term, doc, col, offset' }));
  const whole = crypto.createHash('sha256');
  const digested = [
    ...tables.rows.filter(({ name }) => !layout.has(name)).map(({ name }) => ({ name, order: 'rowid' })),
    ...entries,
  ];
  for (const { name, order } of digested) {
    // A table without rowid is read in the order of its key.
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by ${sql.raw(order)}`
      .execute(db.kysely)
      .catch(() => sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.kysely));
    const hash = crypto.createHash('sha256');
    for (const row of rows.rows)
      hash.update(`${JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v))}\n`);
    const digest = hash.digest('hex').slice(0, 16);
    whole.update(`${name} ${digest}\n`);
    console.log(`${name}: ${rows.rows.length} rows, ${digest}`);
  }
  console.log(`shop: ${whole.digest('hex').slice(0, 16)}`);
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
