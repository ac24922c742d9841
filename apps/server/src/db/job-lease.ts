// Leases on jobs that any server process may start but only one should run at a time (the courier
// status sync): one row per job in job_leases, taken by a single upsert that only succeeds when
// the row is free (no row, or its lease over), so two processes sharing the database (SQLite or
// PostgreSQL) cannot both take it. The holder renews its lease while it works and releases it when
// done; a holder that dies leaves a lease that simply runs out.
import type { Executor } from './database.ts';

export interface TakeOptions {
  /** Also refuse when the job was last started after this moment (one run per interval). */
  notStartedSince?: Date;
  now?: Date;
}

/** Takes the job's lease for `ttlMs` when it is free; true when this holder has it now. */
export async function takeLease(
  db: Executor,
  name: string,
  holder: string,
  ttlMs: number,
  { notStartedSince, now = new Date() }: TakeOptions = {},
): Promise<boolean> {
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  const taken = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt, last_started_at: at })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt, last_started_at: at })
        .where((eb) =>
          eb.and([
            eb('job_leases.expires_at', '<=', at),
            ...(notStartedSince
              ? [
                  eb.or([
                    eb('job_leases.last_started_at', 'is', null),
                    eb('job_leases.last_started_at', '<=', notStartedSince.toISOString()),
                  ]),
                ]
              : []),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

/** Extends a lease this holder still has; false when it has lost it. */
export async function renewLease(db: Executor, name: string, holder: string, ttlMs: number, now = new Date()) {
  const result = await db
    .updateTable('job_leases')
    .set({ expires_at: new Date(now.getTime() + ttlMs).toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends this holder's lease now (another process may take the job at once). */
export async function releaseLease(db: Executor, name: string, holder: string, now = new Date()): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ expires_at: now.toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
