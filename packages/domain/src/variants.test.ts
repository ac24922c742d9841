import { describe, expect, it } from 'vitest';
import { mergeLines } from './order-lines.ts';
import {
  colorSlug,
  lineText,
  lineVariant,
  parseSizeList,
  sizeKeyOf,
  sizeLabel,
  variantFinalPriceCentimes,
  variantLineLabel,
  type VariantProduct,
} from './variants.ts';

const dress: VariantProduct = {
  has_sizes: true,
  size_scale: 'letters',
  colors: [
    { id: 7, name: 'Rouge', slug: 'rouge' },
    { id: 9, name: 'Bleu ciel', slug: 'bleu-ciel' },
  ],
  variants: [
    { color_id: 7, size: 'M' },
    { color_id: 9, size: 'M' },
    { color_id: 9, size: 'L' },
  ],
};

describe('size scales', () => {
  it('reads what the owner types as the keys of its scale, in the owner order', () => {
    expect(parseSizeList('numbers', '38, 40 ,42,5; 44')).toEqual({ sizes: ['38', '40', '42.5', '44'] });
    expect(parseSizeList('ages', '2 ans, 4 ans, 18 mois, ٦ ans')).toEqual({ sizes: ['2a', '4a', '18m', '6a'] });
    expect(parseSizeList('numbers', '38, 38')).toEqual({ error: 'duplicate', size: '38' });
    expect(parseSizeList('ages', '2 ans, grand')).toEqual({ error: 'invalid', size: 'grand' });
    expect(parseSizeList('numbers', ' ')).toEqual({ error: 'empty' });
    expect(parseSizeList('letters', '')).toEqual({ sizes: ['S', 'M', 'L', 'XL', 'XXL'] });
  });

  it('shows a size in French and Arabic', () => {
    expect(sizeLabel('ages', '2a')).toBe('2 ans');
    expect(sizeLabel('ages', '1a')).toBe('1 an');
    expect(sizeLabel('ages', '18m', 'ar')).toBe('18 أشهر');
    expect(sizeLabel('one', 'TU')).toBe('Taille unique');
    expect(sizeLabel('numbers', '42.5')).toBe('42.5');
    expect(sizeLabel('letters', 'XL')).toBe('XL');
  });

  it('matches a cart size to its key; letters keep the spec long names', () => {
    expect(sizeKeyOf('letters', 'X-Large')).toBe('XL');
    expect(sizeKeyOf('letters', 'géant')).toBeNull();
    expect(sizeKeyOf('numbers', '040')).toBe('40');
    expect(sizeKeyOf('ages', '4 ANS')).toBe('4a');
    expect(sizeKeyOf('one', '')).toBe('TU');
  });
});

describe('the variant a cart line names', () => {
  it('needs a colour of the product and a size that colour has', () => {
    expect(lineVariant(dress, { size: 'M', color: 'rouge' })).toEqual({ color_id: 7, color: 'Rouge', size: 'M' });
    expect(lineVariant(dress, { size: 'Large', color: 'Bleu Ciel' })).toEqual({
      color_id: 9,
      color: 'Bleu ciel',
      size: 'L',
    });
    expect(lineVariant(dress, { size: 'L', color: 'rouge' })).toEqual({ problem: 'sizeInvalid' });
    expect(lineVariant(dress, { size: 'M' })).toEqual({ problem: 'colorRequired' });
    expect(lineVariant(dress, { size: 'M', color: 'vert' })).toEqual({ problem: 'colorInvalid' });
    expect(lineVariant(dress, { size: '', color: 'rouge' })).toEqual({ problem: 'sizeRequired' });
  });

  it('keeps the rules of products without colours', () => {
    const shirt: VariantProduct = {
      has_sizes: true,
      size_scale: 'letters',
      colors: [],
      variants: [{ color_id: 0, size: 'S' }],
    };
    const soap: VariantProduct = { has_sizes: false, size_scale: 'letters', colors: [], variants: [] };
    expect(lineVariant(shirt, { size: 'Small' })).toEqual({ color_id: 0, color: '', size: 'S' });
    expect(lineVariant(shirt, { size: 'S', color: 'rouge' })).toEqual({ problem: 'colorNotExpected' });
    expect(lineVariant(soap, { size: '' })).toEqual({ color_id: 0, color: '', size: '' });
    expect(lineVariant(soap, { size: 'M' })).toEqual({ problem: 'sizeNotExpected' });
  });

  it('a one-size product in colours takes no size', () => {
    const cap: VariantProduct = {
      has_sizes: true,
      size_scale: 'one',
      colors: [{ id: 3, name: 'Noir', slug: 'noir' }],
      variants: [{ color_id: 3, size: 'TU' }],
    };
    expect(lineVariant(cap, { size: '', color: 'noir' })).toEqual({ color_id: 3, color: 'Noir', size: 'TU' });
  });

  it('lines of the same product and size in two colours stay two lines', () => {
    const merged = mergeLines([
      { product_id: 1, color_id: 7, size: 'M', quantity: 1 },
      { product_id: 1, color_id: 9, size: 'M', quantity: 2 },
      { product_id: 1, color_id: 7, size: 'M', quantity: 3 },
    ]);
    expect(merged.map((l) => [l.color_id, l.quantity])).toEqual([
      [7, 4],
      [9, 2],
    ]);
  });
});

describe('colour keys, prices and labels', () => {
  it('a colour name gives its URL key', () => {
    expect(colorSlug('Rouge Bordeaux')).toBe('rouge-bordeaux');
    expect(colorSlug('Écru')).toBe('ecru');
  });

  it('a variant price is the product price with its difference, then the discount', () => {
    expect(variantFinalPriceCentimes(200_000, 50_000, 10)).toBe(225_000);
    expect(variantFinalPriceCentimes(200_000, -300_000, 0)).toBe(0);
  });

  it('labels a line as the courier and the slips show it', () => {
    expect(variantLineLabel('Robe été', 'Rouge', 'M')).toBe('Robe été — Rouge / M');
    expect(variantLineLabel('Savon', '', '')).toBe('Savon');
  });

  it('writes a line the same way on a slip, a courier list and an export', () => {
    expect(lineText('Robe été', 'Rouge', 'M')).toBe('Robe été — Rouge / M');
    expect(lineText('Robe été', 'Rouge', '')).toBe('Robe été — Rouge');
    expect(lineText('T-shirt', null, 'M')).toBe('T-shirt (M)');
    expect(lineText('Savon', '', '')).toBe('Savon');
  });
});
