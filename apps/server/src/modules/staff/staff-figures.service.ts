// What each agent delivers over a period: the calls they made, how many they confirmed, and what
// became of the orders they confirmed (delivered or returned, as the dashboard counts its rates);
// the commission the owner pays per delivered order, and its monthly file for the accountant.
import type { AgentFigures, Role, StaffFigures } from '@shop/domain/staff';
import { toDa } from '@shop/domain/money';
import type { Database } from '../../db/database.ts';
import { csvAmount, toCsv } from '../couriers/csv.ts';
import * as repo from './staff-figures.repository.ts';

/** The day after a YYYY-MM-DD day (UTC), as the orders list's date filter counts days. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;
}

export async function staffFigures(db: Database, from: string, to: string): Promise<StaffFigures> {
  const since = `${from}T00:00:00.000Z`;
  const until = `${nextDay(to)}T00:00:00.000Z`;
  const [users, calls, confirmed, delivered] = await Promise.all([
    repo.allUsers(db),
    repo.callsPerUser(db, since, until),
    repo.confirmedPerUser(db, since, until),
    repo.deliveredInPeriod(db, since, until),
  ]);
  const agents: AgentFigures[] = [];
  for (const user of users) {
    const outcomes = calls.filter((c) => c.author_id === user.id);
    const count = (outcome: string) =>
      outcomes.filter((c) => c.outcome === outcome).reduce((t, c) => t + Number(c.n), 0);
    const mine = confirmed.filter((c) => c.confirmed_by === user.id);
    const inStatus = (status: string) => mine.filter((c) => c.status === status).reduce((t, c) => t + Number(c.n), 0);
    const paid = delivered.filter((d) => d.confirmed_by === user.id).map((d) => d.id);
    const callsMade = outcomes.reduce((t, c) => t + Number(c.n), 0);
    const confirmedOrders = mine.reduce((t, c) => t + Number(c.n), 0);
    // The team's callers: every agent, and anyone else who called or confirmed in the period.
    if (user.role !== 'agent' && callsMade === 0 && confirmedOrders === 0 && paid.length === 0) continue;
    const yes = count('confirmed');
    const no = count('refused');
    const ok = inStatus('successful');
    const back = inStatus('returned');
    agents.push({
      user_id: user.id,
      username: user.username,
      role: user.role as Role,
      disabled: user.disabled_at !== null,
      calls: callsMade,
      confirmed: yes,
      refused: no,
      confirmation_rate: ratio(yes, yes + no),
      confirmed_orders: confirmedOrders,
      delivered: ok,
      returned: back,
      delivery_rate: ratio(ok, ok + back),
      return_rate: ratio(back, ok + back),
      commission_per_delivery: toDa(Number(user.commission_cents)),
      delivered_in_period: paid.length,
      commission: toDa(paid.length * Number(user.commission_cents)),
    });
  }
  return { from, to, agents };
}

/** The last day of a YYYY-MM month. */
function monthEnd(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

export const COMMISSION_COLUMNS = [
  'Agent',
  'Role',
  'Calls',
  'Confirmed',
  'Refused',
  'Delivered orders',
  'Commission per order (DA)',
  'Commission (DA)',
  'Orders delivered',
] as const;

/**
 * A month's commissions, one row per agent: the orders they confirmed that were delivered in the
 * month, at their commission per order, and those orders' numbers to check them against.
 */
export async function commissionsCsv(db: Database, month: string): Promise<string> {
  const from = `${month}-01`;
  const to = monthEnd(month);
  const figures = await staffFigures(db, from, to);
  const delivered = await repo.deliveredInPeriod(db, `${from}T00:00:00.000Z`, `${nextDay(to)}T00:00:00.000Z`);
  const rows = figures.agents.map((a) => [
    a.username,
    a.role,
    a.calls,
    a.confirmed,
    a.refused,
    a.delivered_in_period,
    csvAmount(a.commission_per_delivery),
    csvAmount(a.commission),
    delivered
      .filter((d) => d.confirmed_by === a.user_id)
      .map((d) => `#${d.id}`)
      .join(' '),
  ]);
  return toCsv(COMMISSION_COLUMNS, rows);
}
