// What a repository sends to the database and how the database runs it: the plans tests of the
// deep pages (migrations 031 and 034) assert on the statements actually sent.
import { createQueryId, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Db } from '../src/db/connect.ts';

/** The statements `read` sends, as the database receives them. */
export async function statementsOf(db: Db, read: (k: Db['kysely']) => Promise<unknown>) {
  // Every query is seen, subqueries included; the ones that come back with rows were sent.
  const seen = new Map<QueryId, RootOperationNode>();
  const sent: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      seen.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: (args) => {
      const node = seen.get(args.queryId);
      if (node) sent.push(node);
      return Promise.resolve(args.result);
    },
  };
  await read(db.kysely.withPlugin(recorder));
  return sent.map((node) => db.kysely.getExecutor().compileQuery(node, createQueryId()));
}

/** The plan of a statement: SQLite's query plan, PostgreSQL's plan with what each node read. */
export async function planOf(db: Db, statement: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  if (db.kind === 'sqlite') {
    const rows = await db.kysely.executeQuery<{ detail: string }>({
      sql: `explain query plan ${statement.sql}`,
      parameters: statement.parameters,
      query: statement as never,
      queryId: createQueryId(),
    });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  const rows = await db.kysely.executeQuery<{ 'QUERY PLAN': string }>({
    sql: `explain (analyze, costs off, timing off, summary off) ${statement.sql}`,
    parameters: statement.parameters,
    query: statement as never,
    queryId: createQueryId(),
  });
  return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
}
