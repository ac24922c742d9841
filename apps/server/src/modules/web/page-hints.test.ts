// The shop and product pages preload their route's code, read from Vite's build manifest: what the
// route needs beyond the entry's own code, and nothing when the build has no manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHints, readRouteChunks, routeChunksOf, type Manifest } from './page-hints.ts';

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
    expect(pageHints('/Cart', '', chunks).join('\n')).not.toContain('modulepreload');
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
