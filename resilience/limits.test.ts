// Per-client limits hold across two server processes on one PostgreSQL: their counts live in the
// database, counted before the work is done, so a client gains nothing by spreading its requests
// over the processes (or sending them all at once). Behind a proxy (TRUST_PROXY=true) the count
// is of the address the proxy saw, whatever the client writes into X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USERNAME,
  PG_URL,
  api,
  createPgDatabase,
  startServer,
  type PgDatabase,
  type ServerProcess,
} from './harness.ts';

let database: PgDatabase;
let a: ServerProcess;
let b: ServerProcess;

describe.skipIf(!PG_URL)('per-client limits across two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPgDatabase();
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', RATE_LIMIT_COUPON_CHECKS: '4/15m' };
    a = await startServer({ ...env, DATA_DIR: `/tmp/${database.name}-a` });
    b = await startServer({ ...env, DATA_DIR: `/tmp/${database.name}-b` });
  });

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.drop();
  });

  /** A request as a proxy in front would pass it: the client's own header, then what the proxy saw. */
  function through(server: ServerProcess, path: string, client: string, init: RequestInit = {}) {
    return fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { ...init.headers, 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 250)}, ${client}` },
    });
  }

  it('20 wrong passwords sent at once over both processes reach the password check at most 5 times', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        through(i % 2 === 0 ? a : b, '/api/auth/login', '203.0.113.20', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: ADMIN_USERNAME, password: `guess-${i}` }),
        }).then((res) => res.status),
      ),
    );
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });

  it('coupon guesses alternating between the processes stop at the limit, forged addresses or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await through(i % 2 === 0 ? a : b, '/api/coupon/validate/GUESS' + i, '203.0.113.21');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
    // Another customer behind the same proxy is not held back.
    expect((await api(a.baseUrl, 'GET', '/api/coupon/validate/OTHER')).status).toBe(404);
  });
});
