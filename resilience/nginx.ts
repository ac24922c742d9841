// nginx in front of shop processes, for resilience/proxy.test.ts: the Debian package's binary,
// started by the test on free loopback ports with deploy/nginx/shop.conf — the file docs/deploy.md
// shows — in a temporary folder that holds everything nginx writes (pid, logs, temporary files),
// with a throw-away certificate in place of the real one and a webroot of its own for the ACME
// challenges. Requests go over HTTPS, as a browser's.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { freePort } from '../scripts/processes.ts';
import { ROOT, tempDir } from './harness.ts';

export const NGINX_CONF = path.join(ROOT, 'deploy/nginx/shop.conf');

/** The nginx binary (Debian installs it in /usr/sbin, which a user's PATH may lack), or null. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'nginx');
    if (dir && fs.existsSync(file)) return file;
  }
  return null;
}

/** "nginx version: nginx/1.22.1" (nginx -v writes it to stderr) → [1, 22, 1]. */
export function nginxVersion(binary: string): number[] {
  const printed = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(`${printed.stderr}${printed.stdout}`);
  if (!version) throw new Error(`${binary} -v did not say its version`);
  return version.slice(1).map(Number);
}

/** `http2 on;` exists from nginx 1.25.1; before, HTTP/2 is a parameter of `listen`. */
export function hasHttp2Directive([major = 0, minor = 0, patch = 0]: number[]): boolean {
  return major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
}

/**
 * deploy/nginx/shop.conf with these upstreams, ports, certificate and ACME webroot; throws if a
 * line it replaces moved. For an nginx older than 1.25.1, HTTP/2 is written the way the file's
 * comment tells its reader to: `listen … ssl http2;` instead of `http2 on;`.
 */
export function shopConfig(options: {
  upstreams: [string, string];
  httpPort: number;
  httpsPort: number;
  cert: string;
  key: string;
  acmeWebroot: string;
  http2Directive: boolean;
}): string {
  const replacements: [string | RegExp, string][] = [
    ['server 10.0.0.11:3000 ', `server ${options.upstreams[0]} `],
    ['server 10.0.0.12:3000 ', `server ${options.upstreams[1]} `],
    ['listen 80;', `listen 127.0.0.1:${options.httpPort};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${options.httpsPort} ssl${options.http2Directive ? '' : ' http2'};`],
    [/^(\s*)http2 on;$/m, options.http2Directive ? '$1http2 on;' : ''],
    ['root /var/www/certbot;', `root ${options.acmeWebroot};`],
    ['/etc/letsencrypt/live/shop.example.dz/fullchain.pem', options.cert],
    ['/etc/letsencrypt/live/shop.example.dz/privkey.pem', options.key],
  ];
  let text = fs.readFileSync(NGINX_CONF, 'utf8');
  for (const [from, to] of replacements) {
    const found = typeof from === 'string' ? text.includes(from) : from.test(text);
    if (!found) throw new Error(`${NGINX_CONF} no longer has "${String(from)}": update resilience/nginx.ts`);
    text = text.replace(from, to);
  }
  return text;
}

export interface Nginx {
  /** https://127.0.0.1:<port> */
  httpsPort: number;
  httpPort: number;
  /** Where the ACME challenges are answered from (/.well-known/acme-challenge/ over HTTP). */
  acmeWebroot: string;
  /** The certificate clients must trust. */
  ca: Buffer;
  errorLog: () => string;
  stop: () => Promise<void>;
}

export async function startNginx(binary: string, upstreams: [string, string]): Promise<Nginx> {
  const dir = tempDir('shop-nginx-');
  // nginx's workers run as an unprivileged user when started as root: they must reach the folder.
  fs.chmodSync(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=shop.example.dz',
      '-addext',
      'subjectAltName=DNS:shop.example.dz,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const acmeWebroot = path.join(dir, 'acme');
  fs.mkdirSync(path.join(acmeWebroot, '.well-known/acme-challenge'), { recursive: true });
  const http2Directive = hasHttp2Directive(nginxVersion(binary));
  fs.writeFileSync(
    path.join(dir, 'shop.conf'),
    shopConfig({ upstreams, httpPort, httpsPort, cert, key, acmeWebroot, http2Directive }),
  );
  const errorLog = path.join(dir, 'error.log');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/shop.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ca = fs.readFileSync(cert);
  const readLog = () => `${stderr}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${readLog()}`);
    // The redirect to HTTPS answers without an upstream: no request reaches a shop process.
    const answer = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).catch(() => null);
    if (answer?.status === 301) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer:\n${readLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    httpsPort,
    httpPort,
    acmeWebroot,
    ca,
    errorLog: readLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const agents = new Map<string, https.Agent>();

/**
 * One HTTPS request to nginx, from `localAddress` (any 127.x address: a client of its own), on
 * kept-alive connections like a browser's.
 */
export function request(
  target: { httpsPort: number; ca: Buffer },
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
  },
): Promise<Answer> {
  const localAddress = options.localAddress ?? '127.0.0.1';
  const agentKey = `${target.httpsPort}/${localAddress}`;
  let agent = agents.get(agentKey);
  if (!agent) {
    agent = new https.Agent({ keepAlive: true, ca: target.ca, localAddress });
    agents.set(agentKey, agent);
  }
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: target.httpsPort,
        servername: 'shop.example.dz',
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: 'shop.example.dz', ...options.headers },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Closes the kept-alive client connections (the test's end). */
export function closeClients(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
