// `npm run backup` while the shop serves orders, then `npm run restore -- <dir>` (refused on SQLite
// while the server runs) with the server stopped: the shop comes back exactly as it was at the
// backup — an order placed before it is there, one placed after it is not, the snapshot is
// consistent (stock + sold = initial stock) and the uploaded images come back too, from the
// uploads folder or from an S3 bucket.
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
  tempDir,
  type ServerProcess,
} from './harness.ts';
import { startTestS3 } from '../apps/server/test/s3.ts';

const run = promisify(execFile);
const UNIT_PRICE = 1200;
const INITIAL_STOCK = 5000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A product with one uploaded picture, through the admin API. */
async function productWithImage(baseUrl: string, token: string, stock: number) {
  const type = await api<{ id: number }>(baseUrl, 'POST', '/api/ProductType/', {
    token,
    json: { name: `Backup ${Math.random().toString(16).slice(2, 8)}`, description: 'backup test', for_custom: false },
  });
  const form = new FormData();
  form.set('name', 'Produit sauvegardé');
  form.set('price', String(UNIT_PRICE));
  form.set('type_id', String(type.body.data.id));
  form.set('stock', String(stock));
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  form.append('images[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const created = await api<{ id: number; images: { image_url: string }[] }>(baseUrl, 'POST', '/api/product', {
    token,
    form,
  });
  expect(created.status).toBe(201);
  return { productId: created.body.data.id, imageUrl: created.body.data.images[0]!.image_url };
}

async function imageBytes(baseUrl: string, imageUrl: string): Promise<Buffer> {
  const res = await fetch(`${baseUrl}/public${imageUrl}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  return Buffer.from(await res.arrayBuffer());
}

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

      const { productId, imageUrl } = await productWithImage(server.baseUrl, token, INITIAL_STOCK);

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

      if (target.kind === 'sqlite') {
        // Not while the shop runs on the file: the restore refuses and the shop goes on.
        await expect(cli('restore', [backupDir!], env)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('The shop is running on') as unknown,
        });
        expect((await placeOrder(server.baseUrl, [{ product_id: productId, quantity: 1 }], UNIT_PRICE)).status).toBe(
          201,
        );
      }

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
      await imageBytes(server.baseUrl, imageUrl);
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

describe('backup and restore of images in an S3 bucket (SQLite)', () => {
  it('copies the bucket into the backup, and puts back what was deleted since', async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.stop());
    const dataDir = tempDir();
    cleanups.push(() => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })));
    const env = { DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`, DATA_DIR: dataDir, ...s3.env };
    let server = await startServer(env);
    cleanups.push(() => server.kill('SIGKILL'));
    const token = await login(server.baseUrl);
    const { productId, imageUrl } = await productWithImage(server.baseUrl, token, 10);
    const name = imageUrl.replace('/uploads/', '');
    const original = await imageBytes(server.baseUrl, imageUrl);
    // A resized copy in the bucket: made again on demand, so not in the backup.
    expect((await fetch(`${server.baseUrl}/public/uploads/w/250/${name}`)).status).toBe(200);

    const { stdout } = await cli('backup', [], env);
    const backupDir = /Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? '';
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as object;
    expect(manifest).toMatchObject({ uploads: true, images_from: 'bucket' });
    expect(fs.readdirSync(path.join(backupDir, 'uploads'))).toEqual([name]);
    expect(fs.readFileSync(path.join(backupDir, 'uploads', name)).equals(original)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'uploads', name))).toBe(false);

    // The product is deleted by mistake: its picture leaves the bucket.
    expect((await api(server.baseUrl, 'DELETE', `/api/product/delete/${productId}`, { token })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/public${imageUrl}`)).status).toBe(404);
    expect(await server.kill('SIGTERM')).toBe(0);
    await cli('restore', [backupDir], env);
    server = await startServer(env);
    expect((await api(server.baseUrl, 'GET', `/api/product/get/${productId}`)).status).toBe(200);
    expect((await imageBytes(server.baseUrl, imageUrl)).equals(original)).toBe(true);
  });

  it("restoring a folder's backup with S3_BUCKET set moves the images into the bucket", async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.stop());
    const dataDir = tempDir();
    cleanups.push(() => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })));
    const folderEnv = { DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`, DATA_DIR: dataDir };
    let server = await startServer(folderEnv);
    cleanups.push(() => server.kill('SIGKILL'));
    const { imageUrl } = await productWithImage(server.baseUrl, await login(server.baseUrl), 10);
    const original = await imageBytes(server.baseUrl, imageUrl);
    const { stdout } = await cli('backup', [], folderEnv);
    expect(await server.kill('SIGTERM')).toBe(0);

    const bucketEnv = { ...folderEnv, ...s3.env };
    await cli('restore', [/Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? ''], bucketEnv);
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    server = await startServer(bucketEnv);
    expect((await imageBytes(server.baseUrl, imageUrl)).equals(original)).toBe(true);
  });
});
