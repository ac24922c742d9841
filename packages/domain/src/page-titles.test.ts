import { describe, expect, it } from 'vitest';
import { storefrontTitle, type TitleWords } from './page-titles.ts';

// Words that show which key was asked for.
const words: TitleWords = (key, values) => (values ? `${key}(${values.term})` : key);

describe('storefront page titles', () => {
  it('leads with the shop on the home, with the page elsewhere, in either language', () => {
    expect(storefrontTitle(words, 'Dar', '/')).toBe('Dar — title.home');
    expect(storefrontTitle(words, 'Dar', '/ar')).toBe('Dar — title.home');
    expect(storefrontTitle(words, 'Dar', '/Shop')).toBe('title.shop — Dar');
    expect(storefrontTitle(words, 'Dar', '/ar/cart/')).toBe('title.cart — Dar');
    expect(storefrontTitle(words, 'Dar', '/SUIVI')).toBe('title.tracking — Dar');
  });

  it('names a search, a product, and what is not there', () => {
    expect(storefrontTitle(words, 'Dar', '/Shop/robe%20kabyle')).toBe('title.search(robe kabyle) — Dar');
    expect(storefrontTitle(words, 'Dar', '/Shop/%E0%A4%A')).toBe('title.search(%E0%A4%A) — Dar');
    expect(storefrontTitle(words, 'Dar', { product: 'قميص' })).toBe('قميص — Dar');
    expect(storefrontTitle(words, 'Dar', { product: null })).toBe('title.productNotFound — Dar');
    expect(storefrontTitle(words, 'Dar', '/nulle-part')).toBe('title.pageNotFound — Dar');
    expect(storefrontTitle(words, 'Dar', '/ar/admin')).toBe('title.pageNotFound — Dar');
  });
});
