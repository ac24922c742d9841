// `npm test`: every check the project has, in one run — type-check, lint, format, then every
// Vitest project (domain, server on SQLite and PostgreSQL, web components, browser journeys).
// Ends with the line "N passed, M failed" and a non-zero exit when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(step: Step): boolean {
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

const checks: Step[] = [
  { name: 'type-check (tsc --noEmit, every workspace)', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint (eslint, type-checked rules)', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'format (prettier --check)', command: 'npm', args: ['run', '--silent', 'format:check'] },
  { name: 'build the web app (the browser journeys use it)', command: 'npm', args: ['run', '--silent', 'build'] },
];
for (const step of checks) {
  if (run(step)) passed += 1;
  else {
    failed += 1;
    failures.push(step.name);
  }
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-vitest-')), 'report.json');
const projects = process.argv.slice(2);
run({
  name: 'vitest (domain, server:sqlite, server:postgres when TEST_DATABASE_URL is set, web, e2e)',
  command: npx,
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects],
});
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; status: string; message: string; assertionResults: unknown[] }[];
  };
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A test file that fails to load has no test results but must count as a failure.
  for (const file of json.testResults) {
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed += 1;
      failures.push(path.relative(root, file.name));
    }
  }
  const skipped = json.numPendingTests + json.numTodoTests;
  if (skipped > 0) console.log(`${skipped} test(s) skipped`);
} else {
  failed += 1;
  failures.push('vitest produced no report');
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
