// How long a fee-grid CSV of bad lines keeps the server from answering anyone else: the largest
// file the import takes (200 kB), of the shortest bad lines ("x": 100 000 lines naming no
// wilaya), sent to POST /api/ShippingPrice/import/csv of a real app (in-memory SQLite, the 58
// wilayas). Prints the call's duration, the longest stall of the event loop while it ran (what
// any other request waited, at worst) and the size of the answer.
//   node bench/fee-grid-csv.ts   (Node 24; nothing is written outside a temporary directory)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestContext } from '../apps/server/test/harness.ts';

const csv = Array.from({ length: 99_999 }, () => 'x').join('\n');

const t = await createTestContext();
try {
  const headers = await t.adminHeaders();
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/ShippingPrice/import/csv', headers, payload: { csv } });
  const took = performance.now() - started;
  // The monitor records a stall when its timer finally runs: give it that turn.
  await sleep(20);
  stalls.disable();
  const body = res.json<{ data: { errors?: unknown[] } | null }>();
  console.log(`file: ${(csv.length / 1000).toFixed(0)} kB, 99999 bad lines`);
  console.log(`answer: ${res.statusCode}, ${body.data?.errors?.length ?? 0} lines named, ${res.body.length} bytes`);
  console.log(`call: ${took.toFixed(0)} ms; longest event-loop stall: ${(stalls.max / 1e6).toFixed(0)} ms`);
} finally {
  await t.close();
}
