// Uploaded images served from the uploads folder (the default storage); the bucket's side is in
// media/s3-storage.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { imageVariantKey } from '../media/media.service.ts';

let t: TestContext;
const NAME = '0f0e0d0c-0b0a-4908-8706-050403020100.webp';
let original: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  original = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#225588' } })
    .webp()
    .toBuffer();
  fs.mkdirSync(t.config.uploadsDir, { recursive: true });
  fs.writeFileSync(path.join(t.config.uploadsDir, NAME), original);
  fs.writeFileSync(path.join(t.config.uploadsDir, 'notes.txt'), 'not an image');
});
afterAll(() => t.close());

describe('images in the uploads folder', () => {
  it('are served with immutable caching, and 304 to a browser that has them', async () => {
    const res = await t.app.inject({ url: `/public/uploads/${NAME}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.rawPayload.equals(original)).toBe(true);
    const again = await t.app.inject({
      url: `/public/uploads/${NAME}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serve only stored image names: other files, hidden folders and paths outside are 404', async () => {
    for (const url of [
      '/public/uploads/notes.txt',
      '/public/uploads/missing.webp',
      `/public/uploads/..%2F${NAME}`,
      `/public/uploads/.variants%2F250%2F${NAME}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('have their resized copies written beside them once', async () => {
    const res = await t.app.inject({ url: `/public/uploads/w/500/${NAME}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(500);
    const file = path.join(t.config.uploadsDir, imageVariantKey(NAME, 500));
    expect(fs.readFileSync(file).equals(res.rawPayload)).toBe(true);
    // No temporary file left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual([NAME]);
  });
});
