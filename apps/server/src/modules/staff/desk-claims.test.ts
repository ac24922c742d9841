// The desk shared by several agents, through HTTP on SQLite and PostgreSQL: "next order" hands
// each agent a different order, also when they ask at the same moment through two processes of
// the shop (two apps, each with its own connection to one database); a hold runs out after
// DESK_CLAIM_MINUTES without a sign of life; another agent sees who holds an order and cannot
// record its call; the owner assigns orders; a call made ends a "next order" hold.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shop/domain/order-responses';
import { DESK_CLAIM_MINUTES } from '@shop/domain/staff';
import { buildApp } from '../../app.ts';
import { connect, type Db } from '../../db/connect.ts';
import type { App } from '../../http/types.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addStaff, placeOrders, signIn, type StaffMember } from '../../../test/staff.ts';

let t: TestContext;
let owner: Record<string, string>;
let secondDb: Db;
let second: App;
const agents: StaffMember[] = [];

beforeAll(async () => {
  t = await createTestContext({ sqliteFile: true });
  owner = await t.adminHeaders();
  // Another process: its own connection (pool) to the same database.
  secondDb = connect(t.config.database, t.db.kind === 'postgres' ? { searchPath: t.db.schema } : {});
  second = await buildApp({ config: t.config, db: secondDb, logger: false });
  await second.ready();
  for (let i = 0; i < 6; i += 1) agents.push(await addStaff(t, 'agent'));
});
afterAll(async () => {
  await second.close();
  await secondDb.close();
  await t.close();
});
beforeEach(async () => {
  // Each test starts with an empty queue: older orders are settled.
  await t.db.kysely
    .updateTable('orders')
    .set({ confirmation: 'confirmed', status: 'approved', claimed_by: null })
    .execute();
});

const next = (agent: StaffMember, app: App = t.app) =>
  app.inject({ method: 'POST', url: '/api/order/next', headers: agent.headers });
const nextId = async (agent: StaffMember) => {
  const res = await next(agent);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order | null }>().data?.id ?? null;
};
const call = (headers: Record<string, string>, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/confirmation/${id}`, headers, payload });
const hold = (id: number) =>
  t.db.kysely
    .selectFrom('orders')
    .select(['claimed_by', 'claim_expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('next order', () => {
  it('hands each of six agents asking at once, through two processes, a different order', async () => {
    const ids = await placeOrders(t, 4);
    const answers = await Promise.all(agents.map((agent, i) => next(agent, i % 2 === 0 ? t.app : second)));
    const given = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Order | null; message: string }>();
    });
    const orders = given.flatMap((g) => (g.data ? [g.data.id] : []));
    expect(orders.sort((a, b) => a - b)).toEqual(ids);
    expect(given.filter((g) => g.data === null).map((g) => g.message)).toEqual([
      'Nothing to call now',
      'Nothing to call now',
    ]);
    // Each order is held by the agent it was handed to, for DESK_CLAIM_MINUTES.
    for (const [i, g] of given.entries()) {
      if (!g.data) continue;
      expect(g.data.claim).toMatchObject({ user_id: agents[i]!.id, username: agents[i]!.username });
      const { claimed_by, claim_expires_at } = await hold(g.data.id);
      expect(claimed_by).toBe(agents[i]!.id);
      const minutes = (Date.parse(claim_expires_at!) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(DESK_CLAIM_MINUTES - 1);
      expect(minutes).toBeLessThanOrEqual(DESK_CLAIM_MINUTES);
    }
  });

  it('gives an agent back their own order until its call is made, then the next one', async () => {
    const [first, secondOrder] = await placeOrders(t, 2);
    const [sara] = agents;
    expect(await nextId(sara!)).toBe(first);
    expect(await nextId(sara!)).toBe(first);
    const answered = await call(sara!.headers, first!, { outcome: 'no_answer' });
    expect(answered.statusCode).toBe(200);
    // The call ended her hold; a new order comes before the one that did not answer.
    expect((await hold(first!)).claimed_by).toBeNull();
    expect(await nextId(sara!)).toBe(secondOrder);
  });

  it('shows who holds an order, and refuses another agent its call; the owner may still record it', async () => {
    const [id] = await placeOrders(t, 1);
    const [sara, amine] = agents;
    expect(await nextId(sara!)).toBe(id);
    const queue = await t.app.inject({ url: '/api/order/confirmQueue', headers: amine!.headers });
    const seen = queue.json<{ data: Order[] }>().data.find((o) => o.id === id);
    expect(seen?.claim).toMatchObject({ username: sara!.username });
    const refused = await call(amine!.headers, id!, { outcome: 'confirmed' });
    expect(refused.json()).toEqual({
      status: 409,
      message: `Order #${id} is being handled by ${sara!.username}`,
      data: null,
    });
    expect(
      (await t.db.kysely.selectFrom('orders').select('status').where('id', '=', id!).executeTakeFirstOrThrow()).status,
    ).toBe('pending');
    const taken = await t.app.inject({ method: 'POST', url: `/api/order/claim/${id}`, headers: amine!.headers });
    expect(taken.statusCode).toBe(409);
    expect((await call(owner, id!, { outcome: 'confirmed' })).statusCode).toBe(200);
  });

  it('lets another agent take an order whose hold ran out', async () => {
    const [id] = await placeOrders(t, 1);
    const [sara, amine] = agents;
    expect(await nextId(sara!)).toBe(id);
    expect(await nextId(amine!)).toBeNull();
    // DESK_CLAIM_MINUTES without a sign of life from her.
    await t.db.kysely
      .updateTable('orders')
      .set({ claim_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id!)
      .execute();
    expect(await nextId(amine!)).toBe(id);
    expect((await hold(id!)).claimed_by).toBe(amine!.id);
  });

  it('a correction by the holder is a sign of life: the hold is moved on', async () => {
    const [id] = await placeOrders(t, 1);
    const [sara] = agents;
    expect(await nextId(sara!)).toBe(id);
    const soon = new Date(Date.now() + 60_000).toISOString();
    await t.db.kysely.updateTable('orders').set({ claim_expires_at: soon }).where('id', '=', id!).execute();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers: sara!.headers,
      payload: { customer_name: 'Nadia Kaci Benali' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await hold(id!)).claim_expires_at! > soon).toBe(true);
  });

  it('skips call-backs that are not due', async () => {
    const [id] = await placeOrders(t, 1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(owner, id!, { outcome: 'call_back', call_back_at: tomorrow })).statusCode).toBe(200);
    expect(await nextId(agents[0]!)).toBeNull();
  });
});

describe('the owner assigns orders', () => {
  it('to an agent, who gets them first and keeps them until the call is made; others never get them', async () => {
    const [mine, free] = await placeOrders(t, 2);
    const [sara, amine] = agents;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/assign/${mine}`,
      headers: owner,
      payload: { user_id: amine!.id },
    });
    expect(res.json()).toMatchObject({
      message: `Order #${mine} assigned to ${amine!.username}`,
      data: { claim: { user_id: amine!.id, expires_at: null } },
    });
    expect(await nextId(sara!)).toBe(free);
    expect(await nextId(amine!)).toBe(mine);
    // Still an assignment (no end), and after a call without answer it stays his.
    expect((await hold(mine!)).claim_expires_at).toBeNull();
    expect((await call(amine!.headers, mine!, { outcome: 'no_answer' })).statusCode).toBe(200);
    expect(await hold(mine!)).toEqual({ claimed_by: amine!.id, claim_expires_at: null });
    // Back to the queue.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/order/assign/${mine}`,
      headers: owner,
      payload: { user_id: null },
    });
    expect(back.json<{ data: Order }>().data.claim).toBeNull();
  });

  it('only to an active user of the desk, and only an order waiting for its call', async () => {
    const [id] = await placeOrders(t, 1);
    const packer = await addStaff(t, 'packer');
    const toPacker = await t.app.inject({
      method: 'PUT',
      url: `/api/order/assign/${id}`,
      headers: owner,
      payload: { user_id: packer.id },
    });
    expect(toPacker.json()).toEqual({
      status: 400,
      message: `${packer.username} cannot take orders of the desk (disabled, or not a desk role)`,
      data: null,
    });
    expect((await call(owner, id!, { outcome: 'confirmed' })).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/order/assign/${id}`,
      headers: owner,
      payload: { user_id: agents[0]!.id },
    });
    expect(done.json()).toEqual({ status: 409, message: `Order #${id} is not waiting for its call`, data: null });
    const desk = await t.app.inject({ url: '/api/staff/desk', headers: owner });
    const names = desk.json<{ data: { username: string }[] }>().data.map((u) => u.username);
    expect(names).toContain(agents[0]!.username);
    expect(names).not.toContain(packer.username);
  });

  it('an agent releases only their own hold; the owner releases anyone’s', async () => {
    const [id] = await placeOrders(t, 1);
    const [sara, amine] = agents;
    expect(await nextId(sara!)).toBe(id);
    const notHis = await t.app.inject({ method: 'POST', url: `/api/order/release/${id}`, headers: amine!.headers });
    expect(notHis.json()).toEqual({ status: 409, message: `Order #${id} is not yours to release`, data: null });
    const hers = await t.app.inject({ method: 'POST', url: `/api/order/release/${id}`, headers: sara!.headers });
    expect(hers.json()).toMatchObject({ message: `Order #${id} is back in the queue`, data: { claim: null } });
    expect(await nextId(amine!)).toBe(id);
    const byOwner = await t.app.inject({
      method: 'POST',
      url: `/api/order/release/${id}`,
      headers: await signIn(t, 'admin', 'test-password-123'),
    });
    expect(byOwner.statusCode).toBe(200);
    expect((await hold(id!)).claimed_by).toBeNull();
  });
});
