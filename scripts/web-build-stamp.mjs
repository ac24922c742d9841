// Whether the web app's build is the build of its sources as they are: `npm run build` writes, in
// the build folder, a hash of every file the build reads (the web app's sources, the shared
// domain package, the lockfile); `npm start` compares it with the sources' hash now and builds
// again only when they differ. Plain JavaScript (scripts/start.mjs runs on any Node).
//
//   node scripts/web-build-stamp.mjs write [dist]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
export const STAMP_FILE = '.build-inputs';

/** The files and folders the web build reads, from the repository's root. */
const INPUTS = [
  'package-lock.json',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'packages/domain/package.json',
  'packages/domain/src',
];

/** @param {string} entry @returns {string[]} */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return (
    fs
      .readdirSync(full, { withFileTypes: true })
      // Tests and their snapshots are not part of the build.
      .filter((e) => !/\.test\.tsx?$/.test(e.name) && e.name !== '__snapshots__')
      .flatMap((e) => filesOf(path.join(entry, e.name)))
  );
}

/** The hash of the build's inputs now: their paths and contents. */
export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The state of a build folder: current, stale (built from other sources) or missing. */
export function buildState(dist = path.join(root, 'apps/web/dist')) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return 'missing';
  const stamp = path.join(dist, STAMP_FILE);
  if (!fs.existsSync(stamp)) return 'stale';
  return fs.readFileSync(stamp, 'utf8').trim() === inputsHash() ? 'current' : 'stale';
}

if (process.argv[1] && path.resolve(process.argv[1]) === self && process.argv[2] === 'write') {
  const dist = path.resolve(process.argv[3] ?? path.join(root, 'apps/web/dist'));
  fs.writeFileSync(path.join(dist, STAMP_FILE), `${inputsHash()}\n`);
}
