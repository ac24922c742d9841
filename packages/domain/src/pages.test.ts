import { describe, expect, it } from 'vitest';
import { isAdminPath, isAppPage } from './pages.ts';

describe('isAppPage', () => {
  it.each([
    '/',
    '/Shop',
    '/shop',
    '/Shop/',
    '/Shop/robe%20kabyle',
    '/product/12',
    '/Cart',
    '/TopSelling',
    '/suivi',
    '/Suivi/',
    '/admin',
    '/admin/confirm',
    '/admin/orders',
    '/admin/settings',
    '/admin/slips',
  ])('knows %s', (path) => expect(isAppPage(path)).toBe(true));

  it.each(['/nope', '/Shop/a/b', '/product', '/product/1/2', '/admin/nope', '/wp-login.php', '/Cart/x', '/suivi/12'])(
    'answers 404 for %s',
    (path) => expect(isAppPage(path)).toBe(false),
  );

  it('tells the back office apart', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/products')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });
});
