// node bench/scale-compare.ts sqlite|postgresql: the scale mode's tables of one database
// (bench/results/scale-<database>-<orders>.md, one per size run, and copies of earlier runs kept as
// scale-<database>-<orders>-<anything>.md: each figure is then the lowest of the runs, as a cold
// request on a shared machine is slower by chance, never faster) side by side, each size against
// the smallest: "within 2×" when its time and its CPU are each at most twice those of the smallest
// size, or at most 20 ms over them (two ticks of the CPU clock, under the spread of a cold request
// between runs). Rows are matched by their place (every run sends the same requests in the same
// order; a deep page's number follows the size) and named as the largest size's run names them.
// The tables of bench/README.md are made with it.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const database = process.argv[2] ?? 'sqlite';
const SLACK_MS = 20;

interface Row {
  request: string;
  firstByte: number;
  total: number;
  cpu: number;
  size: string;
}

/** A size's rows, in the order they were sent. */
function read(file: string): Row[] {
  const rows: Row[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 8 || cells[2] === 'status' || !/^\d+$/.test(cells[2] ?? '')) continue;
    rows.push({
      request: cells[1]!,
      firstByte: Number(cells[3]),
      total: Number(cells[4]),
      cpu: Number(cells[5]),
      size: cells[6]!,
    });
  }
  return rows;
}

const runs = new Map<number, Row[][]>();
for (const name of fs.readdirSync(path.join(root, 'bench/results'))) {
  const match = new RegExp(`^scale-${database}-(\\d+)(-[\\w-]+)?\\.md$`).exec(name);
  if (!match) continue;
  const orders = Number(match[1]);
  runs.set(orders, [...(runs.get(orders) ?? []), read(path.join(root, 'bench/results', name))]);
}
if (runs.size < 2) throw new Error(`fewer than two sizes measured for ${database} in bench/results`);

/** Each figure of a size: the lowest of its runs. */
function lowest(sizeRuns: Row[][]): Row[] {
  return sizeRuns[0]!.map((row, i) => {
    const same = sizeRuns.map((run) => run[i]!);
    const least = (key: 'firstByte' | 'total' | 'cpu') => Math.min(...same.map((r) => r[key]));
    return { ...row, firstByte: least('firstByte'), total: least('total'), cpu: least('cpu') };
  });
}

const sizes = [...runs]
  .sort(([a], [b]) => a - b)
  .map(([orders, sizeRuns]) => ({ orders, runs: sizeRuns.length, rows: lowest(sizeRuns) }));
const count = sizes[0]!.rows.length;
for (const [orders, sizeRuns] of runs) {
  if (sizeRuns.some((run) => run.length !== count)) throw new Error(`a run of ${orders} orders sent other requests`);
}
const base = sizes[0]!;
const largest = sizes.at(-1)!;
const within = (row: Row, first: Row) => {
  const ok = (value: number, than: number) => value <= 2 * than || value - than <= SLACK_MS;
  if (ok(row.total, first.total) && ok(row.cpu, first.cpu)) return 'yes';
  return `**no**: ${row.total} against ${first.total} ms, CPU ${row.cpu} against ${first.cpu}`;
};
const label = (orders: number) => (orders >= 1_000_000 ? `${orders / 1_000_000}M` : `${orders / 1000}k`);
console.log(`${database}: the lowest of ${sizes.map((s) => `${s.runs} run(s) at ${label(s.orders)}`).join(', ')}\n`);

const header = [
  'request',
  ...sizes.slice(0, -1).map((s) => `${label(s.orders)}: total, CPU (ms)`),
  `${label(largest.orders)}: first byte, total`,
  `${label(largest.orders)}: CPU`,
  `${label(largest.orders)}: size`,
  ...sizes.slice(1).map((s) => `within 2× of ${label(base.orders)} at ${label(s.orders)}`),
];
const lines = [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
for (const [i, last] of largest.rows.entries()) {
  const first = base.rows[i]!;
  const cells = [last.request];
  for (const size of sizes.slice(0, -1)) {
    const row = size.rows[i]!;
    cells.push(`${row.total}, ${row.cpu}`);
  }
  cells.push(`${last.firstByte}, ${last.total}`, String(last.cpu), last.size);
  for (const size of sizes.slice(1)) cells.push(within(size.rows[i]!, first));
  lines.push(`| ${cells.join(' | ')} |`);
}
console.log(lines.join('\n'));
