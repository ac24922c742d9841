import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// A team instead of one password:
// - the admins become the users, each with a role (the admins there were become owners), a date
//   they were disabled and the commission they earn per delivered order they confirmed; their
//   sessions become the users' sessions;
// - an order of the desk is held by one user at a time (`claimed_by` until `claim_expires_at`,
//   null for an order the owner assigned), and remembers who confirmed it (`confirmed_by`);
// - an order's history and notes keep the user's id beside their name, and a call's outcome
//   beside its text, so that each agent's figures are counted, not read from sentences.
// The past is filled in from what the history says: the names were the admins' names, and the
// call lines were written by one function whose sentences are known.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await sql`alter table admins rename to users`.execute(db);
  await sql`alter table users add column role text not null default 'agent' check (role in ('owner', 'manager', 'agent', 'packer'))`.execute(
    db,
  );
  await sql`update users set role = 'owner'`.execute(db);
  await sql`alter table users add column disabled_at text`.execute(db);
  await sql`alter table users add column commission_cents integer not null default 0 check (commission_cents >= 0)`.execute(
    db,
  );
  await sql`alter table admin_sessions rename to user_sessions`.execute(db);
  await sql`alter table user_sessions rename column admin_id to user_id`.execute(db);
  await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();

  await sql`alter table orders add column confirmed_by integer references users(id)`.execute(db);
  await sql`alter table orders add column claimed_by integer references users(id)`.execute(db);
  await sql`alter table orders add column claim_expires_at text`.execute(db);
  await sql`alter table order_events add column author_id integer references users(id)`.execute(db);
  await sql`alter table order_events add column outcome text`.execute(db);
  await sql`alter table order_notes add column author_id integer references users(id)`.execute(db);

  for (const table of ['order_events', 'order_notes']) {
    await sql`update ${sql.table(table)} set author_id = (select u.id from users u where u.username = ${sql.ref(`${table}.author`)})`.execute(
      db,
    );
  }
  const outcomes = [
    ['confirmed', 'Confirmed by phone'],
    ['no_answer', 'No answer (attempt %'],
    ['call_back', 'Call back at %'],
    ['refused', 'Refused by phone: %'],
  ] as const;
  for (const [outcome, pattern] of outcomes) {
    await sql`update order_events set outcome = ${outcome} where kind = 'confirmation' and detail like ${pattern}`.execute(
      db,
    );
  }
  await sql`update orders set confirmed_by = (
      select e.author_id from order_events e
      where e.order_id = orders.id and e.outcome = 'confirmed' and e.undone_at is null
      order by e.id desc limit 1)
    where confirmation = 'confirmed'`.execute(db);

  // Each agent's calls over a period, and the orders each confirmed.
  await db.schema
    .createIndex('order_events_author')
    .on('order_events')
    .columns(['author_id', 'created_at'])
    .where(sql.ref('outcome'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_confirmed_by')
    .on('orders')
    .columns(['confirmed_by', 'confirmed_at'])
    .where(sql.ref('confirmed_by'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_claimed_by')
    .on('orders')
    .column('claimed_by')
    .where(sql.ref('claimed_by'), 'is not', null)
    .execute();
}
