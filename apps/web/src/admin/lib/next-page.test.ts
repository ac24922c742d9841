import { describe, expect, test } from 'vitest';
import { loginPathFor, safeNextPage } from './next-page.ts';

describe('the page login goes back to', () => {
  test('is the admin page the owner was on, with its query', () => {
    expect(safeNextPage('/admin/products')).toBe('/admin/products');
    expect(safeNextPage('/admin/orders?page=2')).toBe('/admin/orders?page=2');
    expect(loginPathFor('/admin/products')).toBe('/admin/login?next=%2Fadmin%2Fproducts');
    expect(loginPathFor('/admin')).toBe('/admin/login');
  });

  test('is the dashboard for anything that is not a back-office page of this site', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '\\\\evil.example/admin',
      'javascript:alert(1)',
      '/Shop',
      '/admin/../Shop',
      '/administrator',
      '/admin/login',
      '/admin/login?next=/admin/login',
    ]) {
      expect(safeNextPage(next), String(next)).toBe('/admin');
    }
  });
});
