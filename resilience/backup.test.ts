// `npm run backup` while the shop serves orders, then `npm run restore -- <dir>` with the server
// stopped: the shop comes back exactly as it was at the backup — an order placed before it is
// there, one placed after it is not, the snapshot is consistent (stock + sold = initial stock)
// and the uploaded images come back too.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  ROOT,
  api,
  databaseUrl,
  login,
  placeOrder,
  query,
  startServer,
  type ServerProcess,
} from './harness.ts';

const run = promisify(execFile);
const UNIT_PRICE = 1200;
const INITIAL_STOCK = 5000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, [`apps/server/src/cli/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
  });
}

for (const dialect of DIALECTS) {
  describe(`backup and restore on ${dialect.name}`, () => {
    it('restores the shop as it was at the backup, taken while orders kept coming', async () => {
      const { target, dataDir, cleanup } = await dialect.create();
      cleanups.push(cleanup);
      const env = { DATABASE_URL: databaseUrl(target), DATA_DIR: dataDir };
      let server: ServerProcess = await startServer(env);
      cleanups.push(() => server.kill('SIGKILL'));
      const token = await login(server.baseUrl);

      const type = await api<{ id: number }>(server.baseUrl, 'POST', '/api/ProductType/', {
        token,
        json: { name: 'Backup', description: 'backup test', for_custom: false },
      });
      const form = new FormData();
      form.set('name', 'Produit sauvegardé');
      form.set('price', String(UNIT_PRICE));
      form.set('type_id', String(type.body.data.id));
      form.set('stock', String(INITIAL_STOCK));
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
        .png()
        .toBuffer();
      form.append('images[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const created = await api<{ id: number; images: { image_url: string }[] }>(
        server.baseUrl,
        'POST',
        '/api/product',
        {
          token,
          form,
        },
      );
      expect(created.status).toBe(201);
      const productId = created.body.data.id;
      const imageUrl = created.body.data.images[0]!.image_url;

      const before = await placeOrder(server.baseUrl, [{ product_id: productId, quantity: 3 }], UNIT_PRICE);
      expect(before.status).toBe(201);

      // Orders keep coming while the backup runs.
      let stop = false;
      let duringBackup = 0;
      const load = Array.from({ length: 6 }, async () => {
        while (!stop) {
          const res = await placeOrder(server.baseUrl, [{ product_id: productId, quantity: 1 }], UNIT_PRICE);
          expect(res.status).toBe(201);
          duringBackup += 1;
        }
      });
      await new Promise((r) => setTimeout(r, 200));
      const { stdout } = await cli('backup', [], env);
      await new Promise((r) => setTimeout(r, 200));
      stop = true;
      await Promise.all(load);
      expect(duringBackup).toBeGreaterThan(0);
      const backupDir = /Backup written to (.+)/.exec(stdout)?.[1]?.trim();
      expect(backupDir).toBeDefined();
      expect(fs.existsSync(path.join(backupDir!, 'manifest.json'))).toBe(true);
      expect(fs.readdirSync(path.join(backupDir!, 'uploads'))).toHaveLength(1);

      const after = await placeOrder(server.baseUrl, [{ product_id: productId, quantity: 2 }], UNIT_PRICE);
      expect(after.status).toBe(201);

      // Restore with the server stopped, over a changed uploads folder.
      expect(await server.kill('SIGTERM')).toBe(0);
      fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
      await cli('restore', [backupDir!], env);
      server = await startServer(env);
      const admin = await login(server.baseUrl);

      expect(
        (await api(server.baseUrl, 'GET', `/api/order/getOrder/${before.body.data.order_id}`, { token: admin })).status,
      ).toBe(200);
      expect(
        (await api(server.baseUrl, 'GET', `/api/order/getOrder/${after.body.data.order_id}`, { token: admin })).status,
      ).toBe(404);
      if (target.kind === 'postgres') {
        // The restore gathered planner statistics (autovacuum may be off, as on the CI machine).
        const [stats] = await query<{ n: string }>(
          target,
          `select count(*) as n from pg_stats where tablename = 'orders' and schemaname = current_schema()`,
        );
        expect(Number(stats?.n)).toBeGreaterThan(0);
      }
      const [product] = await query<{ stock: number }>(target, `select stock from products where id = ${productId}`);
      const [sold] = await query<{ n: number }>(
        target,
        `select cast(coalesce(sum(quantity), 0) as integer) as n from order_items where product_id = ${productId}`,
      );
      expect(Number(product?.stock) + Number(sold?.n)).toBe(INITIAL_STOCK);
      expect(Number(sold?.n)).toBeGreaterThanOrEqual(3);
      const image = await fetch(`${server.baseUrl}/public${imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    });

    it('restore refuses a folder that is not a backup', async () => {
      const { target, dataDir, cleanup } = await dialect.create();
      cleanups.push(cleanup);
      await expect(
        cli('restore', [dataDir], { DATABASE_URL: databaseUrl(target), DATA_DIR: dataDir }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('not a backup folder') as unknown,
      });
    });
  });
}
