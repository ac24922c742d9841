// `npm start`: the shop's server, running in this very process, so that the signal a supervisor
// sends to what it started (docker stop, systemd, pm2, kill) reaches the server, which drains its
// requests and exits (apps/server/src/server.ts). Before it starts, the web app is built when its
// build is missing or was built from other sources (scripts/web-build-stamp.mjs), and only then:
// a start with a current build starts at once. A production install (`npm ci --omit=dev`,
// without the build tools) serves the build it was given.
// On a Node older than 22.18 it runs itself again with the pinned Node 24 (scripts/node24.mjs),
// forwarding signals. Plain JavaScript: it must run on any Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recentEnough, runWithRecentNode } from './node24.mjs';
import { buildState } from './web-build-stamp.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');

/** Builds the web app when its build is not the build of its sources, if the build tools are here. */
function ensureWebBuild() {
  // A build kept elsewhere (WEB_DIST_DIR) is the operator's to make.
  if (process.env.WEB_DIST_DIR) return;
  const canBuild = fs.existsSync(path.join(root, 'node_modules', 'vite', 'package.json'));
  if (!canBuild) {
    // A production install (npm ci --omit=dev, the container image) serves the build it was given.
    if (fs.existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) return;
    console.error(
      'The web app is not built, and its build tools are not installed (npm ci --omit=dev): run `npm ci && npm run build` first, then start.',
    );
    process.exit(1);
  }
  const state = buildState();
  if (state === 'current') return;
  console.log(
    state === 'missing' ? 'Building the web app (once)…' : 'The web app changed since its build: building it again…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '--silent', 'build', '--workspace', '@shop/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (!recentEnough()) {
  runWithRecentNode('node', [self, ...process.argv.slice(2)]);
} else {
  ensureWebBuild();
  await import('../apps/server/src/server.ts');
}
