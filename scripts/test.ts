// `npm test`: every check the project has, in one run — type-check, lint, format, then every
// Vitest project (domain, server on SQLite and PostgreSQL, web components, browser journeys).
// `--resilience` runs only the resilience project (multi-process, crash, backup, browser XSS:
// `npm run test:resilience`); `--with-resilience` runs it as an extra step after everything
// (.ci/run). Ends with the line "N passed, M failed" and a non-zero exit when anything failed.
import { spawn, spawnSync } from 'node:child_process';
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

/** "12 s": how long a step took, printed beside it so that a slow CI run says where its time went. */
const took = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

function run(step: Step): boolean {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(`◀ ${step.name}: ${took(started)}`);
  return result.status === 0;
}

/**
 * Steps that read the sources and write nothing the others read, run side by side (the machine's
 * cores are otherwise idle while one of them waits on its own thread); each step's output is
 * printed whole when it ends, so the logs do not interleave.
 */
async function runTogether(steps: readonly Step[]): Promise<boolean[]> {
  return Promise.all(
    steps.map(
      (step) =>
        new Promise<boolean>((resolve) => {
          const started = performance.now();
          const child = spawn(step.command, step.args, { cwd: root, env: process.env });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            console.log(`\n▶ ${step.name} (${took(started)})`);
            process.stdout.write(Buffer.concat(output));
            resolve(code === 0);
          });
        }),
    ),
  );
}

function count(step: Step, ok: boolean): void {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(step.name);
  }
}

const flags = new Set<string>(process.argv.slice(2).filter((a) => a === '--resilience' || a === '--with-resilience'));
const onlyResilience = flags.has('--resilience');
const build: Step = {
  name: 'build the web app (the browser journeys use it)',
  command: 'npm',
  args: ['run', '--silent', 'build'],
};
const checks: Step[] = onlyResilience
  ? [build]
  : [
      { name: 'type-check (tsc --noEmit, every workspace)', command: 'npm', args: ['run', '--silent', 'typecheck'] },
      { name: 'lint (eslint, type-checked rules)', command: 'npm', args: ['run', '--silent', 'lint'] },
      { name: 'format (prettier --check)', command: 'npm', args: ['run', '--silent', 'format:check'] },
      build,
    ];
const results = await runTogether(checks);
checks.forEach((step, i) => count(step, results[i] === true));

/** One Vitest run; its passed and failed tests are added to the totals. */
function vitest(name: string, args: string[]): void {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-vitest-')), 'report.json');
  run({
    name,
    command: npx,
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
  });
  if (!fs.existsSync(report)) {
    failed += 1;
    failures.push(`${name}: vitest produced no report`);
    return;
  }
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
}

const projects = process.argv.slice(2).filter((a) => !flags.has(a));
if (!onlyResilience) {
  vitest(
    'vitest (domain, server:sqlite, server:postgres when TEST_DATABASE_URL is set, web, e2e)',
    projects.length > 0 ? projects : ['--project', '!resilience'],
  );
}
if (onlyResilience || flags.has('--with-resilience')) {
  vitest('vitest resilience (several processes, crashes, backup and restore, browser XSS)', [
    '--project',
    'resilience',
  ]);
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
