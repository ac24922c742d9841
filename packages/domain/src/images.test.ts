import { describe, expect, it } from 'vitest';
import { resizedImageSrcSet, resizedImageUrl } from './images.ts';

describe('resized copies of uploaded pictures', () => {
  it('names the copy of a width and the 1x/2x pair of a shown width', () => {
    expect(resizedImageUrl('/uploads/ab-12.webp', 800)).toBe('/public/uploads/w/800/ab-12.webp');
    expect(resizedImageSrcSet('/uploads/ab-12.webp', 250)).toBe(
      '/public/uploads/w/250/ab-12.webp 1x, /public/uploads/w/500/ab-12.webp 2x',
    );
    expect(resizedImageSrcSet('/uploads/ab-12.webp', 500)).toBe(
      '/public/uploads/w/500/ab-12.webp 1x, /public/uploads/w/800/ab-12.webp 2x',
    );
  });

  it('has no copy of a picture that is not an upload', () => {
    expect(resizedImageUrl('/default-product.svg', 250)).toBeNull();
    expect(resizedImageUrl('https://example.com/uploads/x.webp', 250)).toBeNull();
    expect(resizedImageSrcSet('/uploads/../x.webp', 250)).toBeNull();
  });
});
