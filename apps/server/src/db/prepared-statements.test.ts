import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connect, type Db } from './connect.ts';
import { MAX_VARIANTS, shapeOf, StatementNames } from './prepared-statements.ts';

describe('statement names', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^shop_\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $1, $2')).toBeUndefined();
    expect(names.nameOf('select $1, $2')).not.toBe(name);
  });

  it('names no more texts than its cap; the others run unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a $1', 'b $1', 'c $1']) {
      names.nameOf(text);
      names.nameOf(text);
    }
    expect(names.size).toBe(2);
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.nameOf('a $1')).toBeDefined();
  });

  it('forgets texts seen once when too many pile up', () => {
    const names = new StatementNames(1);
    names.nameOf('first $1');
    for (let i = 0; i < 4; i += 1) names.nameOf(`one-off ${i} $1`);
    // The pile of one-offs was cleared: "first" counts as new again.
    expect(names.nameOf('first $1')).toBeUndefined();
    expect(names.nameOf('first $1')).toBeDefined();
  });

  it('reads a query written for lists of any length as one shape, whatever the length', () => {
    expect(shapeOf('select * from t where id in ($1, $2) and a = $3')).toBe(
      shapeOf('select * from t where id in ($1, $2, $3, $4) and a = $5'),
    );
    expect(shapeOf('insert into t (a, b) values ($1, $2), ($3, $4)')).toBe(
      shapeOf('insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6)'),
    );
    expect(shapeOf('select a from t where b = $1')).not.toBe(shapeOf('select a from t where c = $1'));
  });

  it('names only the first lengths of a list query, so that it cannot use up the names of the others', () => {
    const names = new StatementNames();
    const list = (n: number) =>
      `select * from t where id in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;
    for (let n = 2; n < 100; n += 1) {
      names.nameOf(list(n));
      names.nameOf(list(n));
    }
    expect(names.size).toBe(MAX_VARIANTS);
    expect(names.nameOf(list(50))).toBeUndefined();
    expect(names.nameOf(list(3))).toBeDefined();
    names.nameOf('select * from u where id = $1');
    expect(names.nameOf('select * from u where id = $1')).toBeDefined();
  });

  it('is on by default and off with DATABASE_PREPARED_STATEMENTS=false', () => {
    const url = 'postgres://shop@db.example/shop';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ preparedStatements: true });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'false' }).database).toMatchObject({
      preparedStatements: false,
    });
  });
});

// On the PostgreSQL of TEST_DATABASE_URL (npm test sets it; CI does): what the connection holds.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.SHOP_TEST_DIALECT === 'postgres')(
  'prepared statements on PostgreSQL',
  () => {
    let db: Db | undefined;
    afterEach(async () => {
      await db?.close();
      db = undefined;
    });

    const prepared = async (database: Db) =>
      (
        await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.kysely)
      ).rows.map((r) => r.statement);

    it('runs a repeated parameterised query as a named statement of its connection, with the right answers', async () => {
      db = connect({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' }, { poolSize: 1 });
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        answers.push((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db.kysely)).rows[0]?.n ?? -1);
      }
      expect(answers).toEqual([2, 3, 4]);
      expect(await prepared(db)).toEqual(['select $1::int + 1 as n']);
    });

    it('runs a statement unnamed once a migration changed its table under it (one failure, then answers)', async () => {
      db = connect({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' }, { poolSize: 1 });
      await sql`create temporary table stale_probe (id int primary key, a text)`.execute(db.kysely);
      await sql`insert into stale_probe values (1, 'one')`.execute(db.kysely);
      const read = (database: Db) => sql`select * from stale_probe where id = ${1}`.execute(database.kysely);
      await read(db);
      await read(db);
      await sql`alter table stale_probe add column b text`.execute(db.kysely);
      await expect(read(db)).rejects.toThrow(/cached plan must not change result type/);
      expect((await read(db)).rows).toEqual([{ id: 1, a: 'one', b: null }]);
    });

    it('prepares nothing when turned off', async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      db = connect({ kind: 'postgres', url, preparedStatements: false }, { poolSize: 1 });
      for (const n of [1, 2, 3]) await sql`select ${n}::int + 1 as n`.execute(db.kysely);
      expect(await prepared(db)).toEqual([]);
    });
  },
);
