// PostgreSQL restarted and crashed under a stream of orders, with two server processes on it:
// both live on, answer 503 while it is down (and /readyz says so), take orders again once it is
// back, and no order they acknowledged is lost. The two processes also start at once on its empty
// database (one admin, one demo catalogue). Then a database whose tables live on a full disk:
// PostgreSQL's "could not extend file" (53100) is a 503 too. The cluster is the test's own
// (pg-cluster.ts), so the shared PostgreSQL other tests use is never stopped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_USERNAME,
  createProduct,
  login,
  placeOrder,
  query,
  startServer,
  tempDir,
  type ServerProcess,
  type Target,
} from './harness.ts';
import { startThrowAwayCluster, throwAwayClusterUnavailable, type PgCluster } from './pg-cluster.ts';
import { mountSmallDisk } from '../apps/server/test/small-disk.ts';

const UNIT_PRICE = 700;
const INITIAL_STOCK = 100_000;
/** How long a process may take to see the database back: generous, the point is that it does. */
const BACK_WITHIN_MS = 30_000;

/** Runs a statement on the cluster as its superuser (DDL: the harness's query is read-only). */
async function onCluster(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Answer {
  server: 'a' | 'b';
  status: number | 'no answer';
}

// Skipped, saying why, where no cluster of the test's own can be made (see pg-cluster.ts).
describe.skipIf(throwAwayClusterUnavailable !== null)(
  `PostgreSQL faults${throwAwayClusterUnavailable ? ` (skipped: ${throwAwayClusterUnavailable})` : ''}`,
  () => {
    let cluster: PgCluster;
    let dataDir: string;
    let target: Target;
    const servers: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };

    beforeAll(async () => {
      cluster = await startThrowAwayCluster();
      target = { kind: 'postgres', url: cluster.url('postgres') };
      dataDir = tempDir();
      // Both at once on the empty database: both migrate and seed it.
      const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, SEED_DEMO: 'true' };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      servers.a = a;
      servers.b = b;
    });

    afterAll(async () => {
      await Promise.all([servers.a?.kill('SIGKILL'), servers.b?.kill('SIGKILL')]);
      cluster?.destroy();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('both processes live on, answer 503 while it is down, take orders again, and lose no acknowledged order', async () => {
      const a = servers.a!;
      const b = servers.b!;
      // One admin, one demo catalogue, whichever process seeded.
      expect(await query<{ username: string }>(target, 'select username from users')).toEqual([
        { username: ADMIN_USERNAME },
      ]);
      const demo = await query<{ n: number }>(target, 'select count(*)::int as n from products');
      expect(demo[0]?.n).toBe(28);
      const images = await query<{ image_url: string }>(target, 'select image_url from product_images');
      expect(fs.readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual(
        images.map((i) => path.basename(i.image_url)).sort(),
      );

      const token = await login(a.baseUrl);
      const productId = await createProduct(a.baseUrl, token, {
        name: 'Flux',
        price: UNIT_PRICE,
        stock: INITIAL_STOCK,
      });

      const answers: Answer[] = [];
      const acknowledged = new Map<number, number>();
      let sending = true;
      async function client(seed: number) {
        for (let i = 0; sending; i++) {
          const server = (seed + i) % 2 === 0 ? 'a' : 'b';
          const quantity = 1 + ((seed + i) % 3);
          try {
            const res = await placeOrder(servers[server]!.baseUrl, [{ product_id: productId, quantity }], UNIT_PRICE);
            answers.push({ server, status: res.status });
            if (res.status === 201) acknowledged.set(res.body.data.order_id, quantity);
            // While the database is down every call is refused at once: no need to hammer.
            if (res.status === 503) await new Promise((r) => setTimeout(r, 20));
          } catch {
            answers.push({ server, status: 'no answer' });
          }
        }
      }
      const clients = Array.from({ length: 6 }, (_, i) => client(i));
      const since = (from: number, server: 'a' | 'b', status: number) =>
        answers.slice(from).some((x) => x.server === server && x.status === status);
      const ready = async (server: ServerProcess) => (await fetch(`${server.baseUrl}/readyz`)).status;

      await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThanOrEqual(40), { timeout: 30_000 });

      // A restart: the server ends every session (57P01), refuses connections while it is down.
      const stoppedAt = answers.length;
      await cluster.stop('fast');
      await vi.waitFor(() => expect(since(stoppedAt, 'a', 503) && since(stoppedAt, 'b', 503)).toBe(true), {
        timeout: BACK_WITHIN_MS,
      });
      expect(await ready(a)).toBe(503);
      expect(await ready(b)).toBe(503);
      const startedAt = answers.length;
      await cluster.start();
      await vi.waitFor(() => expect(since(startedAt, 'a', 201) && since(startedAt, 'b', 201)).toBe(true), {
        timeout: BACK_WITHIN_MS,
      });
      expect(await ready(a)).toBe(200);
      expect(await ready(b)).toBe(200);

      // A crash: connections cut without a word, then crash recovery at the next start.
      const crashedAt = answers.length;
      await cluster.stop('immediate');
      await cluster.start();
      await vi.waitFor(() => expect(since(crashedAt, 'a', 201) && since(crashedAt, 'b', 201)).toBe(true), {
        timeout: BACK_WITHIN_MS,
      });

      sending = false;
      await Promise.all(clients);

      // Both processes are alive and never answered anything but an order or "try again".
      for (const server of [a, b]) {
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();
        await server.said(/database connection lost/);
        expect(server.output()).not.toMatch(/"msg":"request failed"/);
      }
      const statuses = new Set(answers.map((x) => x.status));
      expect([...statuses].sort()).toEqual([201, 503]);

      // Every acknowledged order is there, and the stock is exact.
      const ids = [...acknowledged.keys()];
      const found = await query<{ id: number; quantity: number }>(
        target,
        `select o.id, i.quantity from orders o join order_items i on i.order_id = o.id where o.id in (${ids.join(',')})`,
      );
      expect(new Map(found.map((r) => [r.id, r.quantity]))).toEqual(acknowledged);
      const [stock] = await query<{ stock: number; sold: number }>(
        target,
        `select p.stock, (select coalesce(sum(quantity), 0)::int from order_items where product_id = p.id) as sold
         from products p where p.id = ${productId}`,
      );
      expect(stock!.stock + stock!.sold).toBe(INITIAL_STOCK);
    });

    it('tables on a full disk: an order gets a 503 asking to try again, the log says 53100, orders are taken again once space is freed', async () => {
      // The database's tables in a tablespace on a small disk of their own; its write-ahead log
      // stays in the cluster's folder, as on a server with a separate data disk.
      const disk = mountSmallDisk(32);
      if ('unavailable' in disk) throw new Error(disk.unavailable);
      const dataDir = tempDir();
      let server: ServerProcess | undefined;
      try {
        const owner = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
        const tablespace = path.join(disk.dir, 'pg');
        fs.mkdirSync(tablespace);
        fs.chownSync(tablespace, owner('-u'), owner('-g'));
        await onCluster(cluster.url('postgres'), `create tablespace small_disk location '${tablespace}'`);
        await onCluster(cluster.url('postgres'), 'create database shop_small tablespace small_disk');
        const small: Target = { kind: 'postgres', url: cluster.url('shop_small') };
        server = await startServer({ DATABASE_URL: small.url, DATA_DIR: dataDir });
        const token = await login(server.baseUrl);
        const productId = await createProduct(server.baseUrl, token, {
          name: 'Plein',
          price: UNIT_PRICE,
          stock: 100_000,
        });
        const order = () => placeOrder(server!.baseUrl, [{ product_id: productId, quantity: 1 }], UNIT_PRICE);
        const acknowledged: number[] = [];

        disk.fill();
        // The tables' last pages still take a few orders; the first that needs a new page is refused.
        let res = await order();
        for (let i = 0; res.status === 201 && i < 5000; i++) {
          acknowledged.push(res.body.data.order_id);
          res = await order();
        }
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('Service momentanément indisponible, veuillez réessayer dans quelques instants');
        await server.said(/"msg":"disk full \(53100\): the write was refused"/);
        expect(server.output()).not.toMatch(/"msg":"request failed"/);

        disk.free();
        res = await order();
        expect(res.status).toBe(201);
        acknowledged.push(res.body.data.order_id);
        const found = await query<{ id: number }>(
          small,
          `select id from orders where id in (${acknowledged.join(',')})`,
        );
        expect(found).toHaveLength(acknowledged.length);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await server?.kill('SIGKILL');
        await onCluster(cluster.url('postgres'), 'drop database if exists shop_small with (force)').catch(
          () => undefined,
        );
        await onCluster(cluster.url('postgres'), 'drop tablespace if exists small_disk').catch(() => undefined);
        disk.free();
        disk.unmount();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
