import { describe, expect, it } from 'vitest';
import { isAdminPath, isAppPage, languageOfPath, pathIn, withoutLanguage } from './pages.ts';

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
    '/admin/settings/users',
    '/admin/team',
    '/admin/slips',
    '/ar',
    '/ar/',
    '/ar/Shop',
    '/ar/Shop/robe',
    '/ar/product/12',
    '/ar/Cart',
    '/ar/CustomOrder',
    '/ar/Rating',
    '/ar/suivi',
  ])('knows %s', (path) => expect(isAppPage(path)).toBe(true));

  it.each([
    '/nope',
    '/Shop/a/b',
    '/product',
    '/product/1/2',
    '/admin/nope',
    '/wp-login.php',
    '/Cart/x',
    '/suivi/12',
    '/ar/admin',
    '/ar/nope',
    '/arabe',
    '/ar/ar',
  ])('answers 404 for %s', (path) => expect(isAppPage(path)).toBe(false));

  it('tells the back office apart', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/products')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });
});

describe('storefront languages', () => {
  it('reads the language from the address and gives the same page in the other one', () => {
    expect(languageOfPath('/ar/Cart')).toBe('ar');
    expect(languageOfPath('/ar')).toBe('ar');
    expect(languageOfPath('/arabe')).toBe('fr');
    expect(languageOfPath('/Cart')).toBe('fr');
    expect(withoutLanguage('/ar')).toBe('/');
    expect(withoutLanguage('/ar/product/3')).toBe('/product/3');
    expect(pathIn('/', 'ar')).toBe('/ar');
    expect(pathIn('/Shop/robe', 'ar')).toBe('/ar/Shop/robe');
    expect(pathIn('/ar/suivi', 'fr')).toBe('/suivi');
    expect(pathIn('/ar', 'fr')).toBe('/');
  });
});
