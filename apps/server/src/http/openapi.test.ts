// The OpenAPI document the server publishes at /api/docs/json passes Redocly's recommended rules
// without an error (warnings are allowed): the linter runs on it as a client generator would.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function document() {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    openapi: string;
    servers?: unknown[];
    paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  }>();
}

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error', async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(await document()));
    // In its own folder: no redocly.yaml of the repository changes the rules.
    const run = promisify(execFile)(process.execPath, [redoclyCli, 'lint', file, '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    });
    // The linter exits non-zero when it finds an error; its report is on stdout either way.
    const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as { problems: Problem[] };
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('is OpenAPI 3.1 with a server, and marks each operation public or bearer-protected', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.length).toBeGreaterThan(0);
    const operations = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${url}`, op })),
    );
    const security = (key: string) => operations.find((o) => o.key === key)?.op.security;
    expect(security('GET /api/product/getAll')).toEqual([]);
    expect(security('POST /api/order')).toEqual([]);
    expect(security('GET /api/order/getAllOrders')).toEqual([{ bearer: [] }]);
    for (const { key, op } of operations) {
      expect(op.security, key).toBeDefined();
      // Every operation documents its success and its error answers.
      expect(
        Object.keys(op.responses).some((code) => code.startsWith('2')),
        key,
      ).toBe(true);
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['400', '500']));
    }
  });
});
