// Several processes behind a proxy, proven: nginx (deploy/nginx/shop.conf, docs/deploy.md's file)
// terminates HTTPS and round-robins two shop processes that share one PostgreSQL and one S3
// bucket (s3rver) and keep nothing another process needs. An image uploaded through one is served
// by the other; an admin session opened on one works on the other; a price change on one is
// served by the other within the catalogue cache's refresh; per-client limits count the address
// nginx saw (TRUST_PROXY=true), whatever a client writes in X-Forwarded-For; SIGKILL of one
// process under a load of orders: the shop keeps taking them through the other, only the orders
// in flight on the killed one fail, none is taken twice, and stock left + units sold = initial.
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../apps/server/test/s3.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  PG_URL,
  ROOT,
  createPgDatabase,
  orderPayload,
  tempDir,
  type PgDatabase,
  type ServerProcess,
  startServer,
} from './harness.ts';
import { NGINX_CONF, closeClients, findNginx, request, startNginx, type Answer, type Nginx } from './nginx.ts';

const NGINX = findNginx();
const SKIPPED = !PG_URL
  ? 'TEST_DATABASE_URL is unset: several processes share one PostgreSQL'
  : !NGINX
    ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
    : null;
if (SKIPPED) console.log(`resilience/proxy.test.ts skipped: ${SKIPPED}`);

const UNIT_PRICE = 1000;
const COUPON_CHECKS_PER_MINUTE = 5;

let s3: TestS3;
let database: PgDatabase;
let a: ServerProcess;
let b: ServerProcess;
let nginx: Nginx;
let token: string;

interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

function json<T>(answer: Answer): Envelope<T> {
  return JSON.parse(answer.body.toString()) as Envelope<T>;
}

/** A call through nginx over HTTPS, as a browser makes it. */
function viaProxy(
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData; token?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return request(nginx, {
    method,
    path,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(options.from ? { localAddress: options.from } : {}),
  });
}

/** A multipart body as fetch would send it. */
async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? '' };
}

async function dbQuery<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function createProduct(name: string, stock: number, picture?: Buffer): Promise<{ id: number; image?: string }> {
  const type = await viaProxy('POST', '/api/ProductType/', {
    token,
    json: { name: `Type ${name}`, description: 'proxy test', for_custom: false },
  });
  expect(type.status).toBe(201);
  const form = new FormData();
  form.set('name', name);
  form.set('description', 'behind nginx');
  form.set('price', String(UNIT_PRICE));
  form.set('type_id', String(json<{ id: number }>(type).data.id));
  form.set('stock', String(stock));
  if (picture) form.append('images[]', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'photo.png');
  const { body, type: contentType } = await multipart(form);
  const res = await request(nginx, {
    method: 'POST',
    path: '/api/product',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  expect(res.status, res.body.toString()).toBe(201);
  const product = json<{ id: number; images: { image_url: string }[] }>(res).data;
  const image = product.images[0]?.image_url.replace('/uploads/', '');
  return { id: product.id, ...(image ? { image } : {}) };
}

describe.skipIf(SKIPPED !== null)(`two shop processes behind nginx${SKIPPED ? ` (skipped: ${SKIPPED})` : ''}`, () => {
  beforeAll(async () => {
    s3 = await startTestS3();
    database = await createPgDatabase();
    const env = {
      DATABASE_URL: database.url,
      ...s3.env,
      TRUST_PROXY: 'true',
      RATE_LIMIT_COUPON_CHECKS: `${COUPON_CHECKS_PER_MINUTE}/1m`,
    };
    // Each process has a data folder of its own: nothing is shared through a disk.
    a = await startServer({ ...env, DATA_DIR: tempDir() });
    b = await startServer({ ...env, DATA_DIR: tempDir() });
    nginx = await startNginx(NGINX!, [a.baseUrl.replace('http://', ''), b.baseUrl.replace('http://', '')]);
    const login = await viaProxy('POST', '/api/auth/login', {
      json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    token = json<{ token: string }>(login).data.token;
  });

  afterAll(async () => {
    closeClients();
    await nginx?.stop();
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.drop();
    await s3?.stop();
  });

  it('serves HTTPS, sends plain HTTP there, and passes its request id to the shop', async () => {
    const redirect = await fetch(`http://127.0.0.1:${nginx.httpPort}/Shop`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://127.0.0.1/Shop');
    const res = await viaProxy('GET', '/healthz', { headers: { 'x-request-id': 'forged-by-client' } });
    expect(res.status).toBe(200);
    // nginx's $request_id replaces the client's: the shop's log lines carry the proxy's id.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers Let's Encrypt's challenges over plain HTTP from the webroot, and speaks HTTP/2 over HTTPS", async () => {
    fs.writeFileSync(path.join(nginx.acmeWebroot, '.well-known/acme-challenge/tok-3n4'), 'tok-3n4.thumbprint');
    const challenge = await fetch(`http://127.0.0.1:${nginx.httpPort}/.well-known/acme-challenge/tok-3n4`, {
      redirect: 'manual',
    });
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toBe('tok-3n4.thumbprint');
    // A token that is not there is not found, not sent to HTTPS (where no certificate may exist yet).
    const unknown = await fetch(`http://127.0.0.1:${nginx.httpPort}/.well-known/acme-challenge/other`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);

    const session = http2.connect(`https://127.0.0.1:${nginx.httpsPort}`, {
      ca: nginx.ca,
      servername: 'shop.example.dz',
    });
    try {
      const status = await new Promise<unknown>((resolve, reject) => {
        const stream = session.request({ ':path': '/healthz', ':authority': 'shop.example.dz' });
        stream.once('response', (headers) => resolve(headers[':status']));
        stream.once('error', reject);
        stream.resume();
        stream.end();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  it('an image uploaded through one process is served by the other, and its resized copy too', async () => {
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const { image } = await createProduct('Photo partagée', 5, png);
    expect(image).toMatch(/^[\w-]+\.webp$/);
    const bodies: Buffer[] = [];
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}/public/uploads/${image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      bodies.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
    for (let i = 0; i < 2; i++) {
      const res = await viaProxy('GET', `/public/uploads/${image}`);
      expect(res.status).toBe(200);
      expect(res.body.equals(bodies[0]!)).toBe(true);
    }
    // The copy is made by whichever process nginx chose; the other finds it in the bucket.
    const copy = await viaProxy('GET', `/public/uploads/w/250/${image}`);
    expect(copy.status).toBe(200);
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}/public/uploads/w/250/${image}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(copy.body)).toBe(true);
    }
  });

  it('an admin session opened through the proxy works on both processes, and its logout ends it on both', async () => {
    const login = await viaProxy('POST', '/api/auth/login', {
      json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    const session = json<{ token: string }>(login).data.token;
    const me = (baseUrl: string) =>
      fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } });
    expect((await me(a.baseUrl)).status).toBe(200);
    expect((await me(b.baseUrl)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await viaProxy('GET', '/api/auth/me', { token: session })).status).toBe(200);
    expect((await viaProxy('POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect((await me(a.baseUrl)).status).toBe(401);
    expect((await me(b.baseUrl)).status).toBe(401);
  });

  it('a price change made through one process is served by both within the cache refresh (about a second)', async () => {
    const { id } = await createProduct('Prix surveillé', 5);
    const priceOn = async (baseUrl: string) =>
      ((await (await fetch(`${baseUrl}/api/product/get/${id}`)).json()) as Envelope<{ final_price: number }>).data
        .final_price;
    // Both processes have the product in their catalogue cache.
    expect([await priceOn(a.baseUrl), await priceOn(b.baseUrl)]).toEqual([UNIT_PRICE, UNIT_PRICE]);
    const changed = await viaProxy('PUT', `/api/product/updateDiscount/${id}`, {
      token,
      json: { discount_percentage: 25 },
    });
    expect(changed.status).toBe(200);
    const start = Date.now();
    let seen = -1;
    // Waits for both to see it (the cache refreshes every second, http/cache.ts); how soon is the
    // log's to say, not an assertion's (a busy machine stretches it).
    while (Date.now() - start < 60_000) {
      const prices = await Promise.all([priceOn(a.baseUrl), priceOn(b.baseUrl)]);
      if (prices.every((p) => p === UNIT_PRICE * 0.75)) {
        seen = Date.now() - start;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    console.log(`price change seen by both processes after ${seen} ms`);
    expect(seen).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy('GET', `/api/product/get/${id}`);
      expect(json<{ final_price: number }>(res).data.final_price).toBe(UNIT_PRICE * 0.75);
    }
  });

  it('limits count the address nginx saw, over both processes, whatever the client writes in X-Forwarded-For', async () => {
    const check = (from: string, forged: string) =>
      viaProxy('GET', '/api/coupon/validate/NOPE', { from, headers: { 'x-forwarded-for': forged } });
    // Each check names another address, as a client dodging the limit would.
    const first = [];
    for (let i = 0; i < COUPON_CHECKS_PER_MINUTE; i++) first.push((await check('127.0.0.2', `10.1.0.${i}`)).status);
    expect(first.filter((s) => s === 429)).toEqual([]);
    expect((await check('127.0.0.2', '10.1.0.99')).status).toBe(429);
    expect((await check('127.0.0.2', '127.0.0.3')).status).toBe(429);
    // Another client (another address nginx sees) has its own count.
    expect((await check('127.0.0.3', '127.0.0.2')).status).not.toBe(429);
  });

  it('SIGKILL of one process under a load of orders: the other takes them, none twice, stock exact', async () => {
    const INITIAL = 100_000;
    const WORKERS = 8;
    const BEFORE_KILL = 150;
    const AFTER_KILL = 300;
    const { id } = await createProduct('Commande en charge', INITIAL);
    const payload = JSON.stringify(orderPayload([{ product_id: id, quantity: 1 }], UNIT_PRICE));
    const outcomes: { status: number; orderId?: number; startedAt: number; endedAt: number }[] = [];
    let killedAt = 0;
    /** When the test saw the process gone (the kernel ends it some milliseconds after the signal). */
    let diedAt = Number.POSITIVE_INFINITY;
    void a.exited.then(() => (diedAt = Date.now()));
    let done = false;
    const deadline = Date.now() + 60_000;
    const succeeded = (after: number) => outcomes.filter((o) => o.status === 201 && o.startedAt > after).length;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (!done && Date.now() < deadline) {
          const startedAt = Date.now();
          const res = await request(nginx, {
            method: 'POST',
            path: '/api/order',
            headers: { 'content-type': 'application/json' },
            body: payload,
          }).catch(() => null);
          const status = res?.status ?? 0;
          const orderId = status === 201 && res ? json<{ order_id: number }>(res).data.order_id : undefined;
          outcomes.push({ status, startedAt, endedAt: Date.now(), ...(orderId ? { orderId } : {}) });
          if (!killedAt && succeeded(0) >= BEFORE_KILL) {
            killedAt = Date.now();
            void a.kill('SIGKILL');
          }
          if (killedAt && succeeded(killedAt) >= AFTER_KILL) done = true;
        }
      }),
    );
    expect(await a.exited).toBeNull();
    const ok = outcomes.filter((o) => o.status === 201);
    const failed = outcomes.filter((o) => o.status !== 201);
    const elapsed = Math.max(...outcomes.map((o) => o.endedAt)) - Math.min(...outcomes.map((o) => o.startedAt));
    console.log(
      `orders through nginx: ${ok.length} placed, ${failed.length} failed (${failed.map((o) => o.status).join(', ')}) ` +
        `in ${elapsed} ms; ${succeeded(killedAt)} placed after the kill, the process gone ${diedAt - killedAt} ms after SIGKILL`,
    );
    expect(succeeded(killedAt)).toBeGreaterThanOrEqual(AFTER_KILL);
    // Only orders in flight on the killed process fail, with nginx's 502: never retried elsewhere.
    // Those sent after it was gone went to the other (a connection refused: nothing was sent).
    expect(failed.length).toBeLessThanOrEqual(WORKERS);
    for (const o of failed) {
      expect(o.status).toBe(502);
      expect(o.startedAt).toBeLessThanOrEqual(diedAt);
    }

    const rows = await dbQuery<{ id: number }>('select order_id as id from order_items where product_id = $1', [id]);
    const written = new Set(rows.map((r) => r.id));
    for (const o of ok) expect(written.has(o.orderId!)).toBe(true);
    // A failed order may have been written before the kill, but no request made two orders.
    expect(written.size).toBeGreaterThanOrEqual(ok.length);
    expect(written.size).toBeLessThanOrEqual(ok.length + failed.length);
    console.log(`${written.size - ok.length} of the failed orders had been written before the kill`);
    const [stock] = await dbQuery<{ stock: number }>('select stock from products where id = $1', [id]);
    const [sold] = await dbQuery<{ n: number }>(
      'select coalesce(sum(quantity), 0)::int as n from order_items where product_id = $1',
      [id],
    );
    expect(Number(stock?.stock) + Number(sold?.n)).toBe(INITIAL);
  });
});

describe.skipIf(!NGINX)(
  `nginx's retries with deploy/nginx/shop.conf${NGINX ? '' : ' (skipped: nginx is not installed)'}`,
  () => {
    /** Two upstreams: the first dies with every request it receives (a crash mid-request), the second answers. */
    async function withUpstreams(run: (proxy: Nginx, seen: { dying: string[]; alive: string[] }) => Promise<void>) {
      const seen = { dying: [] as string[], alive: [] as string[] };
      const dying = http.createServer((req) => {
        seen.dying.push(req.method ?? '');
        req.socket.destroy();
      });
      const alive = http.createServer((req, res) => {
        seen.alive.push(req.method ?? '');
        res.setHeader('content-type', 'application/json');
        res.end('{"status":200,"message":"OK","data":null}');
      });
      await Promise.all([dying, alive].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
      const address = (s: http.Server) => `127.0.0.1:${(s.address() as { port: number }).port}`;
      // Round-robin starts with the first upstream: the first request reaches the dying one.
      const proxy = await startNginx(NGINX!, [address(dying), address(alive)]);
      try {
        await run(proxy, seen);
      } finally {
        closeClients();
        await proxy.stop();
        dying.close();
        alive.close();
      }
    }

    it('an order sent to a process that dies is answered 502 and never sent to the other', async () => {
      await withUpstreams(async (proxy, seen) => {
        const res = await request(proxy, {
          method: 'POST',
          path: '/api/order',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(res.status).toBe(502);
        expect(seen).toEqual({ dying: ['POST'], alive: [] });
      });
    });

    it('a page asked of a process that dies is asked again of the other', async () => {
      await withUpstreams(async (proxy, seen) => {
        const res = await request(proxy, { path: '/api/product/getLatest' });
        expect(res.status).toBe(200);
        expect(seen).toEqual({ dying: ['GET'], alive: ['GET'] });
      });
    });
  },
);

describe('the deployment guide', () => {
  it('shows deploy/nginx/shop.conf, the configuration these tests run, as it is', () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');
    expect(guide).toContain(`\`\`\`nginx\n${fs.readFileSync(NGINX_CONF, 'utf8')}\`\`\``);
  });
});
