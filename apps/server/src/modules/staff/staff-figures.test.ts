// What each agent delivers, through HTTP on SQLite and PostgreSQL: calls, confirmation rate, the
// delivered and returned rates of the orders the agent confirmed, the commission per delivered
// order the owner set, and the month's CSV. An undone call counts for nobody; an order the owner
// approved from the status menu counts for no agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentFigures, StaffFigures } from '@shop/domain/staff';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addStaff, placeOrders, type StaffMember } from '../../../test/staff.ts';

let t: TestContext;
let owner: Record<string, string>;
let sara: StaffMember;
let amine: StaffMember;
let orders: number[];
const today = new Date().toISOString().slice(0, 10);

const call = (who: StaffMember, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/confirmation/${id}`, headers: who.headers, payload });
async function setStatus(id: number, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/updateOrderStatus/${id}`,
      headers: owner,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.adminHeaders();
  sara = await addStaff(t, 'agent', { username: 'sara', commission: 150 });
  amine = await addStaff(t, 'agent', { username: 'amine' });
  orders = await placeOrders(t, 8);
  const [delivered, returned, approved, refused, silent, undone, amines, owners] = orders as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  for (const id of [delivered, returned, approved])
    expect((await call(sara, id, { outcome: 'confirmed' })).statusCode).toBe(200);
  expect((await call(sara, refused, { outcome: 'refused', reason: 'changed_mind' })).statusCode).toBe(200);
  expect((await call(sara, silent, { outcome: 'no_answer' })).statusCode).toBe(200);
  expect((await call(sara, undone, { outcome: 'confirmed' })).statusCode).toBe(200);
  const undo = await t.app.inject({
    method: 'POST',
    url: `/api/order/confirmation/undo/${undone}`,
    headers: sara.headers,
  });
  expect(undo.statusCode, undo.body).toBe(200);
  expect((await call(amine, amines, { outcome: 'confirmed' })).statusCode).toBe(200);
  await setStatus(delivered, 'shipping', 'successful');
  await setStatus(returned, 'shipping', 'returned');
  await setStatus(amines, 'shipping', 'successful');
  await setStatus(owners, 'approved', 'shipping', 'successful');
});
afterAll(() => t.close());

async function figures(from: string, to: string): Promise<StaffFigures> {
  const res = await t.app.inject({ url: `/api/staff/figures?from=${from}&to=${to}`, headers: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: StaffFigures }>().data;
}
const of = (all: StaffFigures, name: string) => all.agents.find((a) => a.username === name);

describe("each agent's figures", () => {
  it('count the calls, the confirmation rate, what became of the confirmed orders, and the commission', async () => {
    const all = await figures(today, today);
    expect(all.agents.map((a) => a.username)).toEqual(['amine', 'sara']);
    expect(of(all, 'sara')).toEqual<AgentFigures>({
      user_id: sara.id,
      username: 'sara',
      role: 'agent',
      disabled: false,
      calls: 5,
      confirmed: 3,
      refused: 1,
      confirmation_rate: 0.75,
      confirmed_orders: 3,
      delivered: 1,
      returned: 1,
      delivery_rate: 0.5,
      return_rate: 0.5,
      commission_per_delivery: 150,
      delivered_in_period: 1,
      commission: 150,
    });
    expect(of(all, 'amine')).toMatchObject({
      calls: 1,
      confirmed: 1,
      confirmation_rate: 1,
      confirmed_orders: 1,
      delivered: 1,
      delivery_rate: 1,
      delivered_in_period: 1,
      commission_per_delivery: 0,
      commission: 0,
    });
  });

  it('record the user in the history and the notes, by name', async () => {
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/order/notes/${orders[0]}`,
      headers: sara.headers,
      payload: { text: 'Client joignable le soir' },
    });
    expect(note.json()).toMatchObject({ data: { author: 'sara' } });
    const order = await t.app.inject({ url: `/api/order/getOrder/${orders[0]}`, headers: owner });
    const { events, notes } = order.json<{ data: { events: { author: string }[]; notes: { author: string }[] } }>()
      .data;
    expect(events[0]).toMatchObject({ author: 'sara' });
    expect(notes.at(-1)).toMatchObject({ author: 'sara' });
    const rows = await t.db.kysely
      .selectFrom('order_notes')
      .select('author_id')
      .where('order_id', '=', orders[0]!)
      .execute();
    expect(rows.at(-1)?.author_id).toBe(sara.id);
  });

  it('are empty outside the period, and refuse a period that ends before it starts', async () => {
    const past = await figures('2020-01-01', '2020-01-31');
    expect(past.agents.map((a) => a.username)).toEqual(['amine', 'sara']);
    expect(of(past, 'sara')).toMatchObject({ calls: 0, confirmation_rate: null, confirmed_orders: 0, commission: 0 });
    const res = await t.app.inject({ url: '/api/staff/figures?from=2026-02-01&to=2026-01-01', headers: owner });
    expect(res.json()).toMatchObject({ status: 400, message: 'from must not be after to' });
  });
});

describe("the month's commissions", () => {
  it('are a CSV for French spreadsheets: one row per agent, with the delivered orders to check', async () => {
    const month = today.slice(0, 7);
    const res = await t.app.inject({ url: `/api/staff/commissions?month=${month}`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="commissions-${month}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFAgent;Role;Calls;Confirmed;Refused;Delivered orders;Commission per order (DA);Commission (DA);Orders delivered',
    );
    expect(lines, res.body).toContain(`sara;agent;5;3;1;1;"150,00";"150,00";#${orders[0]}`);
    expect(lines).toContain(`amine;agent;1;1;0;1;"0,00";"0,00";#${orders[6]}`);
    const bad = await t.app.inject({ url: '/api/staff/commissions?month=2026-13', headers: owner });
    expect(bad.json()).toMatchObject({ status: 400, message: 'month must be a month (YYYY-MM)' });
  });
});
