// Each page preloads its route's code and its language's message catalogue, read from Vite's build
// manifest: what they need beyond the entry's own code, and nothing when the build has no manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectHints, pageHints, readRouteChunks, routeChunksOf, type Manifest } from './page-hints.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_schemas-c3.js': { file: 'assets/schemas-c3.js', imports: ['_react-b2.js'] },
  'src/storefront/routes/shop.tsx': { file: 'assets/shop-d4.js', imports: ['_react-b2.js', '_breadcrumb-e5.js'] },
  '_breadcrumb-e5.js': { file: 'assets/breadcrumb-e5.js' },
  'src/storefront/routes/product.tsx': {
    file: 'assets/product-f6.js',
    imports: ['_breadcrumb-e5.js', '_schemas-c3.js'],
  },
  'src/storefront/features/tracking/components/tracking-page.tsx': {
    file: 'assets/tracking-page-g7.js',
    imports: ['_breadcrumb-e5.js'],
  },
  'virtual:catalog/fr': { file: 'assets/fr-h8.js' },
  'virtual:catalog/ar': { file: 'assets/ar-i9.js' },
};

describe('route chunks from the build manifest', () => {
  it('lists what each route needs beyond the entry, its own chunk first', () => {
    const chunks = routeChunksOf(manifest);
    expect(chunks.get('shop')).toEqual(['/assets/shop-d4.js', '/assets/breadcrumb-e5.js']);
    expect(chunks.get('product')).toEqual([
      '/assets/product-f6.js',
      '/assets/breadcrumb-e5.js',
      '/assets/schemas-c3.js',
    ]);
  });

  it('writes them as modulepreload tags on their page only', () => {
    const chunks = routeChunksOf(manifest);
    const product = pageHints('/product/7', '', chunks);
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/product-f6.js" />');
    expect(product.join('\n')).not.toContain('react-b2');
    // A page of the entry's own code (the home's sections) preloads its catalogue only.
    expect(pageHints('/TopSelling', '', chunks)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/fr-h8.js" />',
    ]);
  });

  it("preloads the catalogue of the page's language only, first; none in the English back office", () => {
    const chunks = routeChunksOf(manifest);
    const french = pageHints('/', '', chunks, [], 'fr');
    expect(french[0]).toBe('<link rel="modulepreload" crossorigin href="/assets/fr-h8.js" />');
    expect(french.join('\n')).not.toContain('ar-i9');
    const arabic = pageHints('/product/7', '', chunks, [], 'ar');
    expect(arabic.slice(0, 2)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/ar-i9.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/product-f6.js" />',
    ]);
    expect(arabic.join('\n')).not.toContain('fr-h8');
    expect(pageHints('/admin/orders', '', chunks, [], 'en').join('\n')).not.toContain('modulepreload');
  });

  it("preloads the other lazy pages' code as the app's router matches their address", () => {
    const chunks = routeChunksOf(manifest);
    for (const url of ['/suivi', '/SUIVI/']) {
      expect(pageHints(url, '', chunks)).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/tracking-page-g7.js" />',
      );
    }
    expect(pageHints('/Shop/robe', '', chunks)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shop-d4.js" />',
    );
  });

  it("writes the code before the app's script, pictures and data after its stylesheet", () => {
    const html =
      '<html><head><title>x</title><script type="module" src="/assets/index-a1.js"></script><link rel="stylesheet" href="/assets/index.css"></head><body></body></html>';
    const out = injectHints(html, [
      '<link rel="modulepreload" crossorigin href="/assets/fr-h8.js" />',
      '<link rel="preload" as="image" href="/a.webp" />',
    ]);
    const at = (text: string) => out.indexOf(text);
    expect(at('fr-h8.js')).toBeLessThan(at('<script'));
    expect(at('/a.webp')).toBeGreaterThan(at('index.css'));
    expect(at('/a.webp')).toBeLessThan(at('</head>'));
  });

  it('reads dist/.vite/manifest.json, and preloads nothing without it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-manifest-'));
    expect(readRouteChunks(dir).size).toBe(0);
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readRouteChunks(dir).get('shop')).toEqual(['/assets/shop-d4.js', '/assets/breadcrumb-e5.js']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
