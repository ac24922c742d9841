// Crash safety, on SQLite and on PostgreSQL: a server killed with SIGKILL in the middle of a load
// of orders loses no order it confirmed and no unit of stock (every unit is either on the shelf
// or in an order); SIGTERM lets in-flight requests finish and exits 0, within a bounded grace
// period even when a client never finishes; a body trickled a byte at a time is cut.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DIALECTS,
  api,
  createProduct,
  databaseUrl,
  login,
  orderPayload,
  placeOrder,
  query,
  startServer,
  type OrderLine,
  type ServerProcess,
  type Target,
} from './harness.ts';

const UNIT_PRICE = 700;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Shelf {
  productId: number;
  sizes: Record<string, number> | null;
  stock: number;
}

async function stockSnapshot(target: Target) {
  const products = await query<{ id: number; stock: number; has_sizes: number }>(
    target,
    'select id, stock, has_sizes from products',
  );
  const sizes = await query<{ product_id: number; size: string; stock: number }>(
    target,
    'select product_id, size, stock from product_sizes',
  );
  const sold = await query<{ product_id: number; size: string; n: number }>(
    target,
    'select product_id, size, cast(sum(quantity) as integer) as n from order_items group by product_id, size',
  );
  return { products, sizes, sold };
}

for (const dialect of DIALECTS) {
  describe(`crash safety on ${dialect.name}`, () => {
    async function start(target: Target, dataDir: string): Promise<ServerProcess> {
      const server = await startServer({ DATABASE_URL: databaseUrl(target), DATA_DIR: dataDir });
      cleanups.push(() => server.kill('SIGKILL'));
      return server;
    }

    it('SIGKILL under load: every confirmed order is kept with its items, and no unit of stock is lost', async () => {
      const { target, dataDir, cleanup } = await dialect.create();
      cleanups.push(cleanup);
      const first = await start(target, dataDir);
      const token = await login(first.baseUrl);
      const shelves: Shelf[] = [
        {
          productId: await createProduct(first.baseUrl, token, {
            name: 'Robe',
            price: UNIT_PRICE,
            sizes: { S: 400, M: 400, L: 400 },
          }),
          sizes: { S: 400, M: 400, L: 400 },
          stock: 1200,
        },
        {
          productId: await createProduct(first.baseUrl, token, { name: 'Savon', price: UNIT_PRICE, stock: 800 }),
          sizes: null,
          stock: 800,
        },
      ];

      const confirmed = new Map<number, OrderLine[]>();
      let stop = false;
      let sent = 0;
      async function worker(seed: number) {
        for (let i = 0; !stop; i += 1) {
          const shelf = shelves[(seed + i) % shelves.length]!;
          const lines: OrderLine[] = shelf.sizes
            ? [
                { product_id: shelf.productId, size: ['S', 'M', 'L'][i % 3]!, quantity: 1 + (i % 2) },
                { product_id: shelf.productId, size: ['S', 'M', 'L'][(i + 1) % 3]!, quantity: 1 },
              ]
            : [{ product_id: shelf.productId, quantity: 1 + (i % 3) }];
          sent += 1;
          try {
            const res = await placeOrder(first.baseUrl, lines, UNIT_PRICE);
            if (res.status === 201) confirmed.set(res.body.data.order_id, lines);
            else expect(res.status).toBe(409);
          } catch {
            return; // the server is gone: this request's fate is unknown, which is allowed
          }
        }
      }
      const workers = Array.from({ length: 16 }, (_, i) => worker(i));
      await new Promise((r) => setTimeout(r, 1500));
      await first.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      expect(confirmed.size).toBeGreaterThan(20);
      expect(sent).toBeGreaterThan(confirmed.size);

      const second = await start(target, dataDir);
      const admin = await login(second.baseUrl);
      for (const [orderId, lines] of confirmed) {
        const res = await api<{ order_items: { product_id: number; size: string | null; quantity: number }[] }>(
          second.baseUrl,
          'GET',
          `/api/order/getOrder/${orderId}`,
          { token: admin },
        );
        expect(res.status).toBe(200);
        const items = res.body.data.order_items.map((l) => `${l.product_id}/${l.size ?? ''}/${l.quantity}`).sort();
        expect(items).toEqual(lines.map((l) => `${l.product_id}/${l.size ?? ''}/${l.quantity}`).sort());
      }

      const { products, sizes, sold } = await stockSnapshot(target);
      const soldOf = (productId: number, size?: string) =>
        sold
          .filter((s) => s.product_id === productId && (size === undefined || (s.size ?? '') === size))
          .reduce((sum, s) => sum + Number(s.n), 0);
      for (const shelf of shelves) {
        const product = products.find((p) => p.id === shelf.productId)!;
        expect(Number(product.stock) + soldOf(shelf.productId)).toBe(shelf.stock);
        for (const [size, initial] of Object.entries(shelf.sizes ?? {})) {
          const row = sizes.find((s) => s.product_id === shelf.productId && s.size === size)!;
          expect(Number(row.stock) + soldOf(shelf.productId, size)).toBe(initial);
        }
      }
      // Every order row has its items (no half-written order survived the crash).
      const empty = await query<{ n: number }>(
        target,
        "select cast(count(*) as integer) as n from orders o where o.type = 'regular' and not exists (select 1 from order_items i where i.order_id = o.id)",
      );
      expect(Number(empty[0]?.n)).toBe(0);
      await second.kill('SIGTERM');
    });

    it('SIGTERM drains in-flight requests, then exits 0', async () => {
      const { target, dataDir, cleanup } = await dialect.create();
      cleanups.push(cleanup);
      const server = await start(target, dataDir);
      const token = await login(server.baseUrl);
      const productId = await createProduct(server.baseUrl, token, { name: 'Drain', price: UNIT_PRICE, stock: 50 });

      // An order whose body is still arriving when SIGTERM comes: it must still be answered 201.
      const body = JSON.stringify(orderPayload([{ product_id: productId, quantity: 2 }], UNIT_PRICE));
      const url = new URL(`${server.baseUrl}/api/order`);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 40));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          // The server must wait for the rest of the body rather than exit.
          setTimeout(() => {
            expect(server.child.exitCode).toBeNull();
            req.end(body.slice(40));
          }, 400);
        }, 200);
      });
      // A burst of orders in flight at the same moment.
      const burst = Array.from({ length: 10 }, () =>
        placeOrder(server.baseUrl, [{ product_id: productId, quantity: 1 }], UNIT_PRICE).then(
          (r) => r.status,
          () => 'refused' as const,
        ),
      );
      const slow = await answer;
      expect(slow.status).toBe(201);
      const orderId = (JSON.parse(slow.body) as { data: { order_id: number } }).data.order_id;
      expect(await server.exited).toBe(0);
      const statuses = await Promise.all(burst);
      // Every request that reached the server before the signal was answered; one that came on a
      // kept-alive connection while it was closing is told 503 (Fastify's return503OnClosing), or
      // finds the connection closed: refused either way, nothing written.
      expect(statuses.every((s) => s === 201 || s === 503 || s === 'refused')).toBe(true);
      const accepted = statuses.filter((s) => s === 201).length;

      const rows = await query<{ id: number }>(target, `select id from orders where id = ${orderId}`);
      expect(rows).toHaveLength(1);
      const [product] = await query<{ stock: number }>(target, `select stock from products where id = ${productId}`);
      expect(Number(product?.stock)).toBe(50 - 2 - accepted);
    });
  });
}

describe('slow clients', () => {
  /** Opens a connection and sends an order's headers, then a byte of body every 300 ms. */
  function trickle(baseUrl: string) {
    const url = new URL(baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    socket.on('error', () => undefined);
    const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /api/order HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
    );
    const timer = setInterval(() => socket.writable && socket.write('{'), 300);
    void closed.then(() => clearInterval(timer));
    return { connected, closed, received: () => received, stop: () => socket.destroy() };
  }

  async function sqliteServer(env: Record<string, string>) {
    const { target, dataDir, cleanup } = await DIALECTS[0]!.create();
    cleanups.push(cleanup);
    const server = await startServer({ DATABASE_URL: databaseUrl(target), DATA_DIR: dataDir, ...env });
    cleanups.push(() => server.kill('SIGKILL'));
    return server;
  }

  it('a body trickled a byte at a time is cut at the request time limit', async () => {
    const server = await sqliteServer({ REQUEST_TIMEOUT_SECONDS: '2' });
    const client = trickle(server.baseUrl);
    cleanups.push(() => Promise.resolve(client.stop()));
    // Cut (a trickle left open would outlast the test), with the request timeout's answer.
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    // The server goes on answering others.
    expect((await fetch(`${server.baseUrl}/api/settings`)).status).toBe(200);
  });

  it('SIGTERM with a client still trickling: in-flight work gets the grace period, then exit 0', async () => {
    const server = await sqliteServer({
      REQUEST_TIMEOUT_SECONDS: '300',
      SHUTDOWN_GRACE_SECONDS: '2',
      // Its log says when the trickled order has reached it.
      LOG_LEVEL: 'info',
    });
    const client = trickle(server.baseUrl);
    cleanups.push(() => Promise.resolve(client.stop()));
    await client.connected;
    // The order's headers have reached the server: the request is in flight.
    await vi.waitFor(() => expect(server.output()).toMatch(/"url":"\/api\/order".*"msg":"incoming request"/), {
      timeout: 30_000,
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The trickling request was left to run until the grace period was over (the 300 s request
    // limit, never reached, would outlast the test), then its connection was closed: the server
    // says so, and the client saw its connection end without an answer.
    await client.closed;
    expect(server.output()).toContain('shutdown grace period over: closing the connections still open');
    expect(client.received()).toBe('');
  });
});
