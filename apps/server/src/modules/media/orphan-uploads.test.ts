import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { imageVariantPath } from './media.service.ts';
import { ORPHAN_MIN_AGE_MS, removeOrphanUploads } from './orphan-uploads.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function write(name: string, ageMs: number) {
  const file = path.join(t.config.uploadsDir, name);
  fs.mkdirSync(t.config.uploadsDir, { recursive: true });
  fs.writeFileSync(file, 'webp');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
  return file;
}

describe('upload files nothing refers to', () => {
  it('are removed at start once older than an hour, with their resized copies; others stay', async () => {
    const old = ORPHAN_MIN_AGE_MS + 60_000;
    await insertProduct(t.db.kysely, { name: 'Kept', image_url: '/uploads/kept-product.webp' });
    const kept = write('kept-product.webp', old);
    // A custom order killed between storing its picture and committing its row.
    const orphan = write('orphan-order.webp', old);
    const variant = imageVariantPath(t.config.uploadsDir, 'orphan-order.webp', 250);
    fs.mkdirSync(path.dirname(variant), { recursive: true });
    fs.writeFileSync(variant, 'small');
    // A picture being uploaded right now, its row not written yet.
    const fresh = write('in-flight.webp', 1000);

    expect(await removeOrphanUploads(t.db.kysely, t.config.uploadsDir)).toEqual(['orphan-order.webp']);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(variant)).toBe(false);
    expect(fs.existsSync(kept)).toBe(true);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
