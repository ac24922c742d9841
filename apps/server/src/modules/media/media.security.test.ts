// Hostile uploads: anything that is not a real, reasonably sized image is refused with a clear
// message and leaves nothing behind (no row, no file); what is stored never keeps the client's
// file name or the photo's metadata (EXIF, GPS).
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertCustomItem, insertProductType, multipartBody, type MultipartPart } from '../../../test/fixtures.ts';
import { NOT_AN_IMAGE_MESSAGE } from './media.service.ts';
import { UPLOAD_TEMP_PREFIX } from '../../http/multipart.ts';

let t: TestContext;
let typeId: number;
beforeAll(async () => {
  t = await createTestContext();
  typeId = await insertProductType(t.db.kysely, 'Robes');
  await insertCustomItem(t.db.kysely, { name: 'T-shirt' });
});
afterAll(() => t.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG of a few hundred bytes that declares a width × height canvas. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  // compression, filter, interlace: 0
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4)); // four rows of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function counts() {
  const k = t.db.kysely;
  const n = async (table: 'products' | 'product_images' | 'orders' | 'order_reference_images') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir).sort() : [];
  return {
    products: await n('products'),
    images: await n('product_images'),
    orders: await n('orders'),
    references: await n('order_reference_images'),
    files,
  };
}

async function postProduct(file: MultipartPart) {
  const { payload, headers } = multipartBody([
    { name: 'name', value: 'Robe piégée' },
    { name: 'price', value: '1000' },
    { name: 'type_id', value: String(typeId) },
    { name: 'stock', value: '3' },
    file,
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/product',
    payload,
    headers: { ...headers, ...(await t.adminHeaders()) },
  });
}

async function postCustomOrder(...files: MultipartPart[]) {
  const { payload, headers } = multipartBody([
    { name: 'customer_name', value: 'Amina' },
    { name: 'customer_phone', value: '0551234567' },
    { name: 'customer_address', value: 'Blida | rue' },
    { name: 'customer_postal_code', value: '16000' },
    { name: 'subtotal', value: '2500' },
    { name: 'shipping_fee', value: '500' },
    { name: 'clothing_type', value: 'T-shirt' },
    { name: 'color', value: 'Noir' },
    { name: 'size', value: 'M' },
    ...files,
  ]);
  return t.app.inject({ method: 'POST', url: '/api/Order', payload, headers });
}

/** The temporary folders of uploads being read (http/multipart.ts). */
function uploadTempDirs(): string[] {
  return fs.readdirSync(t.config.uploadTempDir).filter((name) => name.startsWith(UPLOAD_TEMP_PREFIX));
}

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3322' } })
    .jpeg()
    .toBuffer();

/** The owner (product images) is answered in English, a customer (custom orders) in French. */
interface Said {
  en: string | RegExp;
  fr: string | RegExp;
}

const hostile: { name: string; file: () => Promise<MultipartPart>; status: number; message: Said }[] = [
  {
    name: 'a PHP script named .jpg',
    file: () =>
      Promise.resolve({
        name: 'images[]',
        value: '<?php system($_GET["c"]); ?>',
        filename: 'shell.php.jpg',
        contentType: 'image/jpeg',
      }),
    status: 422,
    message: NOT_AN_IMAGE_MESSAGE,
  },
  {
    name: 'an SVG carrying a script',
    file: () =>
      Promise.resolve({
        name: 'images[]',
        value:
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
      }),
    status: 422,
    message: NOT_AN_IMAGE_MESSAGE,
  },
  {
    name: 'a decompression bomb (a tiny PNG declaring 50,000 × 50,000 pixels)',
    file: () =>
      Promise.resolve({
        name: 'images[]',
        value: pngBomb(50_000, 50_000),
        filename: 'bomb.png',
        contentType: 'image/png',
      }),
    status: 422,
    message: { fr: /Image trop grande|n'est pas une image valide/, en: /Image too large|not a valid image/ },
  },
  {
    name: 'a truncated JPEG',
    file: async () => {
      const full = await jpeg();
      return {
        name: 'images[]',
        value: full.subarray(0, Math.floor(full.length / 2)),
        filename: 'cut.jpg',
        contentType: 'image/jpeg',
      };
    },
    status: 422,
    message: NOT_AN_IMAGE_MESSAGE,
  },
  {
    name: 'a 20 MB file',
    file: () =>
      Promise.resolve({
        name: 'images[]',
        // A JPEG's first bytes, then 20 MB: refused for its size as it arrives.
        value: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024, 0xff)]),
        filename: 'huge.jpg',
        contentType: 'image/jpeg',
      }),
    status: 413,
    message: { fr: 'Image trop volumineuse (8 Mo au maximum)', en: 'Image too large (8 MB at most)' },
  },
];

describe('hostile uploads are refused and leave nothing behind', () => {
  it('the bomb really is tiny and declares 2.5 gigapixels', () => {
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2048);
    expect(bomb.readUInt32BE(16)).toBe(50_000);
  });

  for (const { name, file, status, message } of hostile) {
    it(`product image: ${name}`, async () => {
      const before = await counts();
      const res = await postProduct(await file());
      expect(res.statusCode).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message.en);
      expect(await counts()).toEqual(before);
    });

    it(`custom order reference image: ${name}`, async () => {
      const before = await counts();
      const part = await file();
      const res = await postCustomOrder({ ...part, name: 'reference_image_front' });
      expect(res.statusCode).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message.fr);
      expect(await counts()).toEqual(before);
    });
  }

  it('one bad image among good ones stores none of them', async () => {
    const before = await counts();
    const good = await jpeg();
    const { payload, headers } = multipartBody([
      { name: 'name', value: 'Robe' },
      { name: 'price', value: '1000' },
      { name: 'type_id', value: String(typeId) },
      { name: 'images[]', value: good, filename: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'images[]', value: '<?php ?>', filename: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload,
      headers: { ...headers, ...(await t.adminHeaders()) },
    });
    expect(res.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });
});

describe('what a custom order may send', () => {
  it('refuses a file field it does not expect, and a fourth picture, writing nothing', async () => {
    const before = await counts();
    const picture = async (name: string) => ({
      name,
      value: await jpeg(),
      filename: 'a.jpg',
      contentType: 'image/jpeg',
    });
    const unexpected = await postCustomOrder(await picture('reference_image_front'), await picture('avatar'));
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json<{ message: string }>().message).toBe('Fichier inattendu dans la demande');
    const four = await postCustomOrder(
      await picture('reference_image_front'),
      await picture('reference_image_back'),
      await picture('reference_image_side'),
      await picture('reference_image_front'),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json<{ message: string }>().message).toBe('Trop de fichiers');
    expect(await counts()).toEqual(before);
  });

  it('takes a picture sent after an empty file field (each part has its own temporary file)', async () => {
    const before = await counts();
    const res = await postCustomOrder(
      { name: 'reference_image_back', value: '', filename: 'vide.jpg', contentType: 'image/jpeg' },
      { name: 'reference_image_front', value: await jpeg(), filename: 'face.jpg', contentType: 'image/jpeg' },
    );
    expect(res.json<{ message: string }>().message).toBe('Votre commande personnalisée a été créée avec succès');
    expect(res.statusCode).toBe(201);
    expect((await counts()).references).toBe(before.references + 1);
  });

  it('streams pictures to temporary files that are gone once answered, whatever the answer', async () => {
    const before = uploadTempDirs();
    const good = await postCustomOrder({
      name: 'reference_image_front',
      value: await jpeg(),
      filename: 'a.jpg',
      contentType: 'image/jpeg',
    });
    expect([201, 400]).toContain(good.statusCode);
    const junk = await postCustomOrder({
      name: 'reference_image_front',
      value: 'not a picture at all',
      filename: 'x.jpg',
    });
    expect(junk.statusCode).toBe(422);
    expect(uploadTempDirs()).toEqual(before);
  });
});

describe('stored images keep neither the name nor the metadata of the upload', () => {
  it('a phone photo with EXIF and GPS is stored as a WebP under a random name, without EXIF', async () => {
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#225588' } })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Owner', Copyright: 'Private Person', Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 3/1 0/1' },
      })
      .toBuffer();
    const inputMeta = await sharp(photo).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(photo.includes('Secret Owner')).toBe(true);

    const before = await counts();
    const res = await postProduct({
      name: 'images[]',
      value: photo,
      filename: 'maison-de-amina-gps.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    const url = res.json<{ data: { images: { image_url: string }[] } }>().data.images[0]!.image_url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(url).not.toContain('amina');

    const after = await counts();
    const added = after.files.filter((f) => !before.files.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).not.toContain('amina');
    const stored = fs.readFileSync(`${t.config.uploadsDir}/${added[0]!}`);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
    expect(stored.includes('PhoneMaker')).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: `/public${url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition'] ?? '').not.toContain('amina');
  });
});
