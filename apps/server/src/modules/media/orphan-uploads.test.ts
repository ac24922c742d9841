import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { UPLOAD_TEMP_PREFIX } from '../../http/multipart.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { imageVariantKey } from './media.service.ts';
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

const KEPT = '0f0e0d0c-0b0a-4908-8706-050403020100.webp';
const ORPHAN = '11111111-2222-4333-8444-555555555555.webp';
const IN_FLIGHT = '66666666-7777-4888-8999-aaaaaaaaaaaa.webp';
const OLD = ORPHAN_MIN_AGE_MS + 60_000;

describe('upload files nothing refers to', () => {
  it('are removed once older than an hour, with their resized copies; others stay', async () => {
    await insertProduct(t.db.kysely, { name: 'Kept', image_url: `/uploads/${KEPT}` });
    const kept = write(KEPT, OLD);
    // A custom order killed between storing its picture and committing its row.
    const orphan = write(ORPHAN, OLD);
    const variant = path.join(t.config.uploadsDir, imageVariantKey(ORPHAN, 250));
    fs.mkdirSync(path.dirname(variant), { recursive: true });
    fs.writeFileSync(variant, 'small');
    // A picture being uploaded right now, its row not written yet.
    const fresh = write(IN_FLIGHT, 1000);
    // Not a name this shop gives: someone else's file in a shared folder (even the database).
    const foreign = write('shop.db', OLD);

    expect(await removeOrphanUploads(t.db.kysely, t.app.imageStorage)).toEqual([ORPHAN]);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(variant)).toBe(false);
    expect(fs.existsSync(kept)).toBe(true);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
  });

  it('are removed when the app starts, with the temporary folders a crash left', async () => {
    const orphan = write(ORPHAN, OLD);
    const temp = fs.mkdtempSync(path.join(t.config.uploadTempDir, UPLOAD_TEMP_PREFIX));
    fs.writeFileSync(path.join(temp, '0'), 'half a picture');
    const at = new Date(Date.now() - OLD);
    fs.utimesSync(temp, at, at);
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    await app.ready();
    await app.close();
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(temp)).toBe(false);
  });
});
