import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { prepareImage } from './image-files.ts';

describe('reference images refused in French', () => {
  it('says a file is not an image, or too large', async () => {
    expect(await prepareImage(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }))).toEqual({
      ok: false,
      error: "Ce fichier n'est pas une image valide",
    });
    // An iPhone photo this browser cannot decode, so cannot make smaller, over 8 MB.
    expect(
      await prepareImage(new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'IMG.HEIC', { type: 'image/heic' })),
    ).toEqual({ ok: false, error: 'Image trop volumineuse (8 Mo maximum)' });
  });
});
