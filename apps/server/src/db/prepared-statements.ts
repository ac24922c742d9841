// PostgreSQL named prepared statements for the queries the shop repeats. Kysely's pg driver sends
// every query as an unnamed statement, which PostgreSQL parses and plans again each time; for the
// admin's phone search that was about a quarter of the database's CPU (bench/README.md). A pg
// Client given `{ name, text, values }` parses a statement once per connection and then only binds
// and runs it; PostgreSQL plans its first five runs with their values and then keeps a generic
// plan when its estimate is no worse.
//
// Which texts get a name: those with parameters (a query without any is a one-off: DDL, BEGIN),
// once they have been seen twice, up to MAX_NAMED per process. A name is never taken back: a
// statement lives as long as its connection, so the cap bounds what each PostgreSQL connection
// keeps. Texts past the cap run unnamed, as before. One query written for lists of any length (an
// IN list, a multi-row insert: the order batch's) is a new text at each length: only its first
// MAX_VARIANTS lengths get names, so that the batch alone cannot use up the cap (it did, in 5 s of
// orders, and the admin's search then ran unnamed and planned at each run). A statement that
// went stale (a table's columns changed under it) runs unnamed on its connection from then on.
// Off with DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode before 1.21 cannot
// route named statements). Decision record 015.
import pg from 'pg';

export const MAX_NAMED = 300;
export const MAX_VARIANTS = 8;

/**
 * A text with its lists folded: `in ($3, $4, $5)` and `values ($1, $2), ($3, $4)` read the same
 * whatever their length, so the lengths of one query share a shape.
 */
export function shapeOf(text: string): string {
  return text
    .replace(/\$\d+/g, '$')
    .replace(/\$(?:\s*,\s*\$)+/g, '$…')
    .replace(/\(([^()]*)\)(?:\s*,\s*\(\1\))+/g, '($1)…');
}

/** The statement names of one pool: a text's name once it has been seen twice. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seenOnce = new Set<string>();
  /** How many texts of each shape have a name, and the texts refused one for that. */
  readonly #variants = new Map<string, number>();
  readonly #surplus = new Set<string>();
  readonly #max: number;

  constructor(max = MAX_NAMED) {
    this.#max = max;
  }

  /** The name for this text, or undefined while it should run unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.#names.get(text);
    if (named !== undefined || this.#names.size >= this.#max || this.#surplus.has(text)) return named;
    if (!this.#seenOnce.has(text)) {
      // One-offs (a long IN list of a rare size) are forgotten in bulk rather than kept forever.
      if (this.#seenOnce.size + this.#surplus.size >= this.#max * 4) {
        this.#seenOnce.clear();
        this.#surplus.clear();
      }
      this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    const shape = shapeOf(text);
    const variants = this.#variants.get(shape) ?? 0;
    if (variants >= MAX_VARIANTS) {
      this.#surplus.add(text);
      return undefined;
    }
    this.#variants.set(shape, variants + 1);
    const name = `shop_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

/**
 * PostgreSQL refuses to run a named statement again once a table it reads changed its columns (a
 * migration of a newer process adding one: "cached plan must not change result type", 0A000).
 */
function isStale(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '0A000' && /cached plan/.test(String(error));
}

/** A pg Client class that runs repeated parameterised texts as named prepared statements. */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    /** Texts whose named statement went stale on this connection: they run unnamed from then on. */
    readonly #stale = new Set<string>();

    override query(...args: unknown[]): never {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
        const name = this.#stale.has(text) ? undefined : names.nameOf(text);
        if (name !== undefined) {
          return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
            // This request fails (its transaction, if any, is aborted); the next ones run unnamed.
            if (isStale(error)) this.#stale.add(text);
            throw error;
          }) as never;
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}
