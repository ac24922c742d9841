// How an operator runs the shop, run here as they would: `npm start` under a supervisor (its
// SIGTERM must reach the server, which drains and exits), the Dockerfile's steps (no container
// engine runs on these machines, so its COPY, RUN, ENV and CMD lines are carried out in clean
// folders, each stage its own, the way the image's build would), the systemd unit (checked with
// systemd-analyze) and compose.yaml (read as compose reads it). The build stage's two RUN lines
// (`npm ci`, `npm run build`) are what this checkout already ran before the resilience suite (CI
// runs `npm ci`, then the suite builds the web app): its build is taken, once checked to be the
// build of these sources; the other stages run as written.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { freePort, waitFor } from '../scripts/processes.ts';
import { buildState as buildStateOfCheckout } from '../scripts/web-build-stamp.mjs';
import { ROOT, tempDir } from './harness.ts';

const cleanups: (() => void)[] = [];
// The stages' folders hold installed dependencies: removing them takes a while on a busy disk.
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
}, 300_000);

/** A child's output so far, and its exit. */
function watch(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

const commandOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

describe('npm start under a supervisor', () => {
  it('is the server itself under npm: a SIGTERM to what `npm start` started drains and exits 0', async () => {
    const data = tempDir('shop-start-');
    cleanups.push(() => fs.rmSync(data, { recursive: true, force: true }));
    const port = await freePort();
    // The web build is current (the suite builds it first): the start does not build again.
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: data,
        ADMIN_PASSWORD: 'supervised-start-1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = watch(npm);
    await waitFor(`http://127.0.0.1:${port}/healthz`, npm, 90_000, run.output);
    expect(run.output()).not.toContain('Building the web app');

    // npm runs its script through a shell; `exec` in the script leaves the server as npm's child.
    const [child] = childrenOf(npm.pid ?? 0);
    expect(commandOf(child ?? 0)).toMatch(/node .*scripts\/start\.mjs$/);

    npm.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGTERM received, draining requests');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // Nothing of it is left running.
    expect(child !== undefined && fs.existsSync(`/proc/${child}`)).toBe(false);
  });
});

// ---------------------------------------------------------------- the Dockerfile, step by step

interface Stage {
  name: string;
  dir: string;
  env: Record<string, string>;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(file: string): { keyword: string; args: string }[] {
  const text = fs.readFileSync(file, 'utf8').replace(/\\\n\s*/g, ' ');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The files `docker build .` sends: the repository's files less .dockerignore's. */
function contextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  const ignored = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((pattern) => pattern.replace(/^\*\*\//, ''));
  const skip = (file: string) =>
    ignored.some((p) =>
      p.startsWith('*.')
        ? file.endsWith(p.slice(1))
        : file === p || file.startsWith(`${p}/`) || file.split('/').includes(p),
    );
  return listed.filter((file) => fs.existsSync(path.join(ROOT, file)) && !skip(file));
}

function copyInto(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

/** Carries out the Dockerfile's stages in clean folders; answers the last one and its CMD. */
function buildLikeDocker(say: (line: string) => void): { stage: Stage; cmd: string[]; healthcheck: string[] } {
  const context = tempDir('shop-context-');
  cleanups.push(() => fs.rmSync(context, { recursive: true, force: true }));
  for (const file of contextFiles()) copyInto(path.join(ROOT, file), path.join(context, file));
  const stages: Stage[] = [];
  let cmd: string[] = [];
  let healthcheck: string[] = [];
  for (const { keyword, args } of instructions(path.join(ROOT, 'Dockerfile'))) {
    const stage = stages.at(-1);
    switch (keyword) {
      case 'FROM': {
        const name = /\sAS\s+(\S+)/i.exec(args)?.[1] ?? `stage-${stages.length}`;
        const dir = tempDir(`shop-stage-${name}-`);
        cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
        // node:24-slim's Node: the one running this test (the same major version).
        stages.push({ name, dir, env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` } });
        break;
      }
      case 'WORKDIR':
        expect(args, 'the stages work in /app').toBe('/app');
        break;
      case 'ENV':
        for (const pair of args.match(/\S+=\S+/g) ?? []) {
          const [key = '', value = ''] = pair.split('=');
          if (stage) stage.env[key] = value;
        }
        break;
      case 'COPY': {
        if (!stage) throw new Error('COPY before FROM');
        const parts = args.split(/\s+/);
        const fromStage = parts[0]?.startsWith('--from=') ? parts.shift()?.slice('--from='.length) : undefined;
        const target = parts.pop() ?? '.';
        const source = fromStage ? stages.find((s) => s.name === fromStage)?.dir : context;
        if (!source) throw new Error(`no stage ${fromStage}`);
        for (const part of parts) {
          const from = path.join(source, part.replace(/^\/app\/?/, ''));
          const into = path.join(stage.dir, target.replace(/^\/app\/?/, ''));
          // As Docker copies: a folder's contents into the target, a file into it (a folder when
          // the target ends with / or several sources are given) or as it.
          if (fs.statSync(from).isDirectory()) {
            for (const entry of fs.readdirSync(from)) copyInto(path.join(from, entry), path.join(into, entry));
          } else {
            copyInto(from, target.endsWith('/') || parts.length > 1 ? path.join(into, path.basename(part)) : into);
          }
        }
        break;
      }
      case 'RUN': {
        if (!stage) throw new Error('RUN before FROM');
        // Installing the compilers, and the volume's folder owned by the image's user, are the
        // image's system's: this machine has the compilers, and the test gives DATA_DIR instead.
        if (args.startsWith('apt-get') || args.includes('/data')) {
          say(`skipped (system step): RUN ${args}`);
          break;
        }
        if (stage.name === 'build') {
          if (args === 'npm run build') {
            expect(buildStateOfCheckout(), 'the checkout holds the build of its sources').toBe('current');
            copyInto(path.join(ROOT, 'apps/web/dist'), path.join(stage.dir, 'apps/web/dist'));
          }
          say(`taken from the checkout: RUN ${args}`);
          break;
        }
        say(`RUN ${args}`);
        const ran = spawnSync('sh', ['-c', args], {
          cwd: stage.dir,
          env: { ...stage.env, HOME: process.env.HOME ?? '', npm_config_prefer_offline: 'true' },
          encoding: 'utf8',
        });
        expect(ran.status, `RUN ${args}\n${ran.stdout}\n${ran.stderr}`).toBe(0);
        break;
      }
      case 'CMD':
        cmd = JSON.parse(args) as string[];
        break;
      case 'HEALTHCHECK':
        healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim()) as string[];
        break;
      default:
        // USER, VOLUME, EXPOSE, STOPSIGNAL: what the engine does around the process.
        break;
    }
  }
  const last = stages.at(-1);
  if (!last) throw new Error('no stage');
  return { stage: last, cmd, healthcheck };
}

describe('the container image, built and started the way the Dockerfile says', () => {
  it('runs from production dependencies and the built web app only, healthy, and stops on SIGTERM', async () => {
    const steps: string[] = [];
    const { stage, cmd, healthcheck } = buildLikeDocker((line) => steps.push(line));
    // Only what the image holds: no sources of the web app, no build tools.
    expect(fs.existsSync(path.join(stage.dir, 'apps/web/dist/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(stage.dir, 'apps/web/src/storefront/features'))).toBe(false);
    expect(fs.existsSync(path.join(stage.dir, 'node_modules/vite'))).toBe(false);
    expect(fs.existsSync(path.join(stage.dir, 'node_modules/better-sqlite3'))).toBe(true);

    const data = tempDir('shop-volume-');
    cleanups.push(() => fs.rmSync(data, { recursive: true, force: true }));
    const port = await freePort();
    const env = { ...stage.env, PORT: String(port), DATA_DIR: data, ADMIN_PASSWORD: 'container-start-1', HOME: data };
    const [program = 'node', ...args] = cmd;
    const server = spawn(program, args, { cwd: stage.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const run = watch(server);
    await waitFor(`http://127.0.0.1:${port}/healthz`, server, 90_000, run.output);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(await home.text()).toContain('<div id="root"');
    const catalogue = await fetch(`http://127.0.0.1:${port}/api/product/getLatest`);
    expect(catalogue.status).toBe(200);
    // The image's HEALTHCHECK, as the engine runs it inside the container.
    const [checker = 'node', ...checkArgs] = healthcheck;
    expect(spawnSync(checker, checkArgs, { env, encoding: 'utf8' }).status).toBe(0);

    server.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain('web app was built from other sources');
  });
});

describe('the deploy files', () => {
  it('the systemd unit passes systemd-analyze verify', (context) => {
    const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    // systemd-analyze is part of systemd; a machine without it (a container) cannot check units.
    if (analyze.status !== 0) return context.skip('systemd-analyze is not installed here');
    const dir = tempDir('shop-unit-');
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const unit = path.join(dir, 'shop.service');
    fs.copyFileSync(path.join(ROOT, 'deploy/systemd/shop.service'), unit);
    const verified = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stderr.trim()).toBe('');
    const text = fs.readFileSync(unit, 'utf8');
    expect(text).toContain('ExecStart=/usr/bin/env node scripts/start.mjs');
    expect(text).toContain('KillSignal=SIGTERM');
  });

  it('compose.yaml runs the image on PostgreSQL, with nginx in front of two shops in its scaled profile', () => {
    const compose = parseYaml(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
      services: Record<
        string,
        {
          build?: string;
          image?: string;
          environment?: Record<string, string>;
          volumes?: string[];
          profiles?: string[];
        }
      >;
    };
    const { postgres, shop, nginx } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(shop?.build).toBe('.');
    expect(shop?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/shop$/);
    expect(shop?.volumes).toContain('shop-data:/data');
    expect(compose.services['shop-2']?.profiles).toEqual(['scaled']);
    const mounted = nginx?.volumes?.[0]?.split(':')[0] ?? '';
    expect(fs.existsSync(path.join(ROOT, mounted))).toBe(true);
    expect(fs.readFileSync(path.join(ROOT, mounted), 'utf8')).toMatch(/server shop:3000[\s\S]*server shop-2:3000/);
  });
});
