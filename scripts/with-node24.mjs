// Runs a command of the project with a Node.js that can run it: this one when it is 22.18 or newer
// (the server and the scripts are TypeScript run by Node's type stripping), otherwise Node 24 from
// the npm registry's `node` package, installed once into ~/.cache/shop-node24 (SHOP_NODE_HOME),
// the same place .ci/run uses. The command runs with that Node first on PATH, so the npm, npx and
// node it starts use it too. Plain JavaScript: it must run on the old Node that brought us here.
//
//   node scripts/with-node24.mjs npm run serve
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const recentEnough = major > 22 || (major === 22 && minor >= 18);
const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node scripts/with-node24.mjs <command> [args…]');
  process.exit(2);
}

/** @param {string} reason @returns {never} */
function fail(reason) {
  console.error(
    `This shop needs Node.js 22.18 or newer (24 recommended); this is ${process.version}, and Node 24 could not be fetched from the npm registry (${reason}). Install Node 24 from https://nodejs.org and run the command again.`,
  );
  process.exit(1);
}

/** The bin folder of a Node 24 in the cache, installed from the npm registry if missing. */
function node24Bin() {
  const home = process.env.SHOP_NODE_HOME || path.join(os.homedir(), '.cache', 'shop-node24');
  const bin = path.join(home, 'node_modules', 'node', 'bin');
  if (fs.existsSync(path.join(bin, 'node'))) return bin;
  console.error(`Node ${process.version} is too old for this shop: installing Node 24 into ${home} (once)…`);
  fs.mkdirSync(home, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--prefix', home, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node@24'],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (result.error) fail(result.error.message);
  if (result.status !== 0) {
    // npm's first error lines say why (its last one only points to a log file).
    const why = (result.stderr || '')
      .split('\n')
      .filter((line) => /^npm error \S/.test(line) && !/complete log/.test(line))
      .slice(0, 2)
      .map((line) => line.replace(/^npm error /, ''))
      .join(': ');
    fail(why || `npm exited with ${result.status}`);
  }
  if (!fs.existsSync(path.join(bin, 'node'))) fail('the package brought no node binary');
  return bin;
}

const env = { ...process.env };
if (!recentEnough) env.PATH = `${node24Bin()}${path.delimiter}${env.PATH ?? ''}`;
/** @type {import('node:child_process').ChildProcess} */
const child = spawn(program, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
// Signals reach the child (Ctrl-C, a service manager's SIGTERM): it drains and exits on its own.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
child.on('error', (error) => {
  console.error(`could not run ${program}: ${error.message}`);
  process.exit(1);
});
