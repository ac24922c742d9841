// Images in an S3-compatible bucket (S3_BUCKET): a real S3 API over HTTP (s3rver, started here),
// reached through the AWS SDK exactly as AWS S3, R2 or MinIO would be.
import fs from 'node:fs';
import sharp from 'sharp';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProductType, multipartBody, pngImage } from '../../../test/fixtures.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { s3Client } from './s3-storage.ts';
import { ORPHAN_MIN_AGE_MS, removeOrphanUploads } from './orphan-uploads.ts';

const PUBLIC_BUCKET = 'public-images';
let s3: TestS3;
let client: S3Client;
/** Images streamed by the server from the bucket. */
let streamed: TestContext;
/** Images served from the bucket's public address (S3_PUBLIC_URL): the server redirects there. */
let direct: TestContext;

beforeAll(async () => {
  s3 = await startTestS3();
  client = await s3Client(loadConfig(s3.env).s3!);
  streamed = await createTestContext({ env: s3.env });
  // A bucket of its own: the orphan cleanup of one shop would see the other's images as orphans.
  await client.send(new CreateBucketCommand({ Bucket: PUBLIC_BUCKET }));
  direct = await createTestContext({
    env: { ...s3.env, S3_BUCKET: PUBLIC_BUCKET, S3_PUBLIC_URL: `${s3.endpoint}/${PUBLIC_BUCKET}` },
  });
});
afterAll(async () => {
  await streamed?.close();
  await direct?.close();
  client?.destroy();
  await s3?.stop();
});

async function bucketKeys(bucket = s3.bucket): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function bucketObject(key: string, bucket = s3.bucket): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function createProduct(t: TestContext, name: string): Promise<{ id: number; image: string }> {
  const { payload, headers } = multipartBody([
    { name: 'name', value: name },
    { name: 'description', value: 'Stored in a bucket' },
    { name: 'price', value: '1500' },
    { name: 'stock', value: '3' },
    { name: 'type_id', value: String(await insertProductType(t.db.kysely, 'Bucket')) },
    { name: 'images', value: await pngImage(1200, 900, '#aa3355'), filename: 'photo.png', contentType: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    payload,
    headers: { ...headers, ...(await t.adminHeaders()) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json<{ data: { id: number; images: { image_url: string }[] } }>().data;
  const url = product.images[0]?.image_url ?? '';
  expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
  return { id: product.id, image: url.replace('/uploads/', '') };
}

describe('uploaded images in an S3 bucket', () => {
  it('go to the bucket, not the uploads folder, and are streamed by the server with immutable caching', async () => {
    const { image } = await createProduct(streamed, 'Bucket tee');
    expect(await bucketKeys()).toContain(image);
    expect(fs.existsSync(streamed.config.uploadsDir) ? fs.readdirSync(streamed.config.uploadsDir) : []).toEqual([]);
    const stored = await bucketObject(image);
    expect((await sharp(stored).metadata()).format).toBe('webp');

    const res = await streamed.app.inject({ url: `/public/uploads/${image}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    expect(res.rawPayload.equals(stored)).toBe(true);
    // A browser that has it already is answered 304 without the body.
    const etag = String(res.headers.etag);
    const again = await streamed.app.inject({ url: `/public/uploads/${image}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await streamed.app.inject({ method: 'HEAD', url: `/public/uploads/${image}` });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect((await streamed.app.inject({ url: '/public/uploads/missing-1.webp' })).statusCode).toBe(404);
    expect((await streamed.app.inject({ url: '/public/uploads/..%2Fsecret.webp' })).statusCode).toBe(404);
  });

  it('have their resized copies made once, kept in the bucket and streamed from it', async () => {
    const { image } = await createProduct(streamed, 'Resized tee');
    const first = await streamed.app.inject({ url: `/public/uploads/w/250/${image}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(250);
    expect(await bucketKeys()).toContain(`.variants/250/${image}`);
    const second = await streamed.app.inject({ url: `/public/uploads/w/250/${image}` });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBeDefined();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await streamed.app.inject({ url: `/public/uploads/w/251/${image}` })).statusCode).toBe(404);
    expect((await streamed.app.inject({ url: '/public/uploads/w/250/missing-2.webp' })).statusCode).toBe(404);
  });

  it('with S3_PUBLIC_URL, are redirected to the bucket, resized copies included, and the CSP allows it', async () => {
    const { image } = await createProduct(direct, 'Public tee');
    const publicUrl = `${s3.endpoint}/${PUBLIC_BUCKET}`;
    const res = await direct.app.inject({ url: `/public/uploads/${image}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${publicUrl}/${image}`);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const fetched = await fetch(String(res.headers.location));
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(await bucketObject(image, PUBLIC_BUCKET))).toBe(true);

    const variant = await direct.app.inject({ url: `/public/uploads/w/500/${image}` });
    expect(variant.statusCode).toBe(302);
    expect(variant.headers.location).toBe(`${publicUrl}/.variants/500/${image}`);
    const copy = Buffer.from(await (await fetch(String(variant.headers.location))).arrayBuffer());
    expect((await sharp(copy).metadata()).width).toBe(500);
    expect((await direct.app.inject({ url: '/public/uploads/w/500/missing-3.webp' })).statusCode).toBe(404);

    const csp = String((await direct.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
  });

  it('are removed from the bucket with their resized copies when their product is deleted', async () => {
    const { id, image } = await createProduct(streamed, 'Deleted tee');
    for (const width of [250, 800]) {
      expect((await streamed.app.inject({ url: `/public/uploads/w/${width}/${image}` })).statusCode).toBe(200);
    }
    expect((await bucketKeys()).filter((k) => k.endsWith(image))).toHaveLength(3);
    const res = await streamed.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${id}`,
      headers: await streamed.adminHeaders(),
    });
    expect(res.statusCode).toBe(200);
    expect((await bucketKeys()).filter((k) => k.endsWith(image))).toEqual([]);
    expect((await streamed.app.inject({ url: `/public/uploads/${image}` })).statusCode).toBe(404);
  });

  it('nothing refers to are removed from the bucket once an hour old, with their copies; others stay', async () => {
    const { image: kept } = await createProduct(streamed, 'Kept tee');
    const orphan = '11111111-2222-4333-8444-555555555555.webp';
    const storage = streamed.app.imageStorage;
    await storage.put(orphan, Buffer.from('webp'), 'image/webp');
    await storage.put(`.variants/250/${orphan}`, Buffer.from('small'), 'image/webp');
    // Not a name this shop gives: someone else's object in a shared bucket.
    await storage.put('notes.txt', Buffer.from('keep me'), 'text/plain');

    // Just written: it may be an upload whose row is being committed.
    expect(await removeOrphanUploads(streamed.db.kysely, storage)).toEqual([]);
    const later = Date.now() + ORPHAN_MIN_AGE_MS + 60_000;
    expect(await removeOrphanUploads(streamed.db.kysely, storage, ORPHAN_MIN_AGE_MS, later)).toEqual([orphan]);
    const keys = await bucketKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).not.toContain(`.variants/250/${orphan}`);
    expect(keys).toContain(kept);
    expect(keys).toContain('notes.txt');
  });

  it('/readyz checks the bucket: 200 when it answers, 503 when it does not', async () => {
    expect((await streamed.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const missing = await createTestContext({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
    const unreachable = await createTestContext({ env: { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      for (const t of [missing, unreachable]) {
        const res = await t.app.inject({ url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 503, message: 'Image storage unreachable', data: null });
      }
    } finally {
      await missing.close();
      await unreachable.close();
    }
  });
});

describe('the S3 configuration', () => {
  it('needs the bucket and both keys together, and refuses S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID: must be set with S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT: needs S3_BUCKET/);
    expect(() => loadConfig({ ...s3.env, S3_PUBLIC_URL: 'cdn.example.com' })).toThrow(/S3_PUBLIC_URL/);
    expect(loadConfig({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3).toMatchObject({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com',
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
