// A shop of the previous release upgraded (SQLite and PostgreSQL): its admin becomes an owner who
// stays signed in, and its history says who did what by user, with each call's outcome, so the
// agents' figures count the past too.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase } from '../../../test/harness.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('018-sized-stock-sums'));
});
afterAll(() => close());

it('makes the admins owners, keeps their sessions, and fills in who did what', async () => {
  const k = db.kysely as unknown as Kysely<unknown>;
  const now = '2026-03-01T10:00:00.000Z';
  await sql`insert into admins (username, password_hash, created_at, password_changed_at)
    values ('patron', 'scrypt$x$y', ${now}, ${now})`.execute(k);
  await sql`insert into admin_sessions (admin_id, token_hash, created_at, last_seen_at, expires_at)
    values (1, 'hash-of-a-token', ${now}, ${now}, '2099-01-01T00:00:00.000Z')`.execute(k);
  for (const confirmation of ['confirmed', 'to_confirm']) {
    await sql`insert into orders (type, status, customer_name, customer_phone, customer_address,
      customer_postal_code, wilaya_name, subtotal_cents, discount_percentage, discount_cents,
      shipping_fee_cents, final_total_cents, created_at, updated_at, confirmation, confirmed_at)
      values ('regular', ${confirmation === 'confirmed' ? 'approved' : 'pending'}, 'Nadia', '0661000001',
      'Alger | rue', '16000', 'Alger', 30000, 0, 0, 60000, 90000, ${now}, ${now}, ${confirmation},
      ${confirmation === 'confirmed' ? now : null})`.execute(k);
  }
  const events = [
    [1, 'confirmation', 'No answer (attempt 1)', null],
    [1, 'confirmation', 'Confirmed by phone', null],
    [2, 'confirmation', 'Confirmed by phone', now],
    [2, 'undo', 'Undone: Confirmed by phone', null],
    [2, 'confirmation', 'Refused by phone: Changed their mind — plus tard', now],
    [2, 'confirmation', 'Call back at 2026-03-02T09:00:00.000Z', null],
    [1, 'edit', 'Name: Nadia → Nadia K.', null],
  ] as const;
  for (const [order, kind, detail, undone] of events) {
    await sql`insert into order_events (order_id, kind, detail, author, created_at, undone_at)
      values (${order}, ${kind}, ${detail}, 'patron', ${now}, ${undone})`.execute(k);
  }
  await sql`insert into order_events (order_id, kind, detail, author, created_at)
    values (1, 'courier', 'Parcel sent', null, ${now})`.execute(k);
  await sql`insert into order_notes (order_id, author, text, created_at) values (1, 'patron', 'Le soir', ${now})`.execute(
    k,
  );

  await migrate(db);

  const k2 = db.kysely;
  expect(
    await k2.selectFrom('users').select(['id', 'username', 'role', 'disabled_at', 'commission_cents']).execute(),
  ).toEqual([{ id: 1, username: 'patron', role: 'owner', disabled_at: null, commission_cents: 0 }]);
  expect(await k2.selectFrom('user_sessions').select(['user_id', 'token_hash']).execute()).toEqual([
    { user_id: 1, token_hash: 'hash-of-a-token' },
  ]);
  const rows = await k2.selectFrom('order_events').select(['detail', 'author_id', 'outcome']).orderBy('id').execute();
  expect(rows.map((r) => [r.detail.slice(0, 12), r.author_id, r.outcome])).toEqual([
    ['No answer (a', 1, 'no_answer'],
    ['Confirmed by', 1, 'confirmed'],
    ['Confirmed by', 1, 'confirmed'],
    ['Undone: Conf', 1, null],
    ['Refused by p', 1, 'refused'],
    ['Call back at', 1, 'call_back'],
    ['Name: Nadia ', 1, null],
    ['Parcel sent', null, null],
  ]);
  expect(await k2.selectFrom('order_notes').select('author_id').execute()).toEqual([{ author_id: 1 }]);
  expect(await k2.selectFrom('orders').select(['id', 'confirmed_by', 'claimed_by']).orderBy('id').execute()).toEqual([
    { id: 1, confirmed_by: 1, claimed_by: null },
    { id: 2, confirmed_by: null, claimed_by: null },
  ]);
  // A new user needs a known role.
  await expect(
    sql`insert into users (username, password_hash, created_at, password_changed_at, role)
      values ('x', 'h', ${now}, ${now}, 'admin')`.execute(k),
  ).rejects.toThrow();
});
