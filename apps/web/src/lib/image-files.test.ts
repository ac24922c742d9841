import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { fitWithin, prepareImage } from './image-files.ts';

function fileOf(bytes: number, type = 'image/png', name = 'photo.png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

let drawn: { width: number; height: number } | null;

beforeEach(() => {
  drawn = null;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext(this: HTMLCanvasElement) {
    const { width, height } = this;
    return {
      fillStyle: '',
      fillRect: () => undefined,
      drawImage: () => {
        drawn = { width, height };
      },
    } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob([new Uint8Array(1000)], { type: type ?? 'image/png' })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function decodesAs(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width, height, close: () => undefined }));
}

describe('prepareImage', () => {
  it('refuses a file that is not an image', async () => {
    expect(await prepareImage(fileOf(10, 'application/pdf', 'cv.pdf'))).toEqual({ ok: false, reason: 'not-image' });
    expect(await prepareImage(fileOf(10, 'image/svg+xml', 'logo.svg'))).toEqual({ ok: false, reason: 'not-image' });
  });

  it('resizes a phone photo over 8 MB (13 MB, 50 MP) to send it instead of refusing it', async () => {
    decodesAs(8660, 5773);
    const result = await prepareImage(fileOf(13 * 1024 * 1024, 'image/jpeg', 'IMG_2044.jpg'));
    expect(drawn).toEqual({ width: 1600, height: 1067 });
    expect(result.ok && result.file.type).toBe('image/jpeg');
    expect(result.ok && result.file.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  });

  it('lowers the quality while the picture is still over 8 MB, and refuses only one that stays over', async () => {
    decodesAs(8660, 5773);
    const qualities: (number | undefined)[] = [];
    const sizes = [MAX_UPLOAD_BYTES + 10, 500_000];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type, quality) => {
      qualities.push(quality);
      callback(new Blob([new Uint8Array(sizes.shift() ?? MAX_UPLOAD_BYTES + 10)], { type: type ?? 'image/png' }));
    });
    expect((await prepareImage(fileOf(MAX_UPLOAD_BYTES + 1, 'image/jpeg'))).ok).toBe(true);
    expect(qualities).toEqual([0.85, 0.7]);
    sizes.splice(0, sizes.length);
    expect(await prepareImage(fileOf(MAX_UPLOAD_BYTES + 1, 'image/jpeg'))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses an image over 8 MB that cannot be decoded to be resized', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('bad')));
    expect(await prepareImage(fileOf(MAX_UPLOAD_BYTES + 1, 'image/heic', 'IMG.HEIC'))).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('refuses an image the browser cannot decode', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('bad')));
    expect(await prepareImage(fileOf(100))).toEqual({ ok: false, reason: 'not-image' });
  });

  it('lets the server judge an iPhone photo the browser cannot decode', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('unsupported')));
    const photo = fileOf(100, 'image/heic', 'IMG_0001.HEIC');
    expect(await prepareImage(photo)).toEqual({ ok: true, file: photo });
  });

  it('keeps a small image as it is', async () => {
    decodesAs(800, 600);
    const file = fileOf(100_000);
    expect(await prepareImage(file)).toEqual({ ok: true, file });
    expect(drawn).toBeNull();
  });

  it('downscales a large photo to 1600 px and re-encodes it as JPEG', async () => {
    decodesAs(4000, 3000);
    const result = await prepareImage(fileOf(3_000_000, 'image/png', 'holiday.png'));
    expect(drawn).toEqual({ width: 1600, height: 1200 });
    expect(result.ok && result.file.type).toBe('image/jpeg');
    expect(result.ok && result.file.name).toBe('holiday.jpg');
  });
});

describe('fitWithin', () => {
  it('scales the longest side to the limit and never upscales', () => {
    expect(fitWithin(1200, 3200)).toEqual({ width: 600, height: 1600 });
    expect(fitWithin(100, 50)).toEqual({ width: 100, height: 50 });
  });
});
