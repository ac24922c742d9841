// sitemap.xml and robots.txt at the site's root (the page meta is written by modules/web).
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../http/types.ts';
import { DEFAULT_ROBOTS, baseUrl, robotsTxt, sitemapXml } from './seo.service.ts';

export function seoRoutes(app: App): void {
  // The web app may ship its own rules (apps/web/public/robots.txt); the sitemap line is ours.
  const robotsFile = path.join(app.config.webDistDir, 'robots.txt');
  const rules = fs.existsSync(robotsFile) ? fs.readFileSync(robotsFile, 'utf8') : DEFAULT_ROBOTS;

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    const base = baseUrl(app.config);
    // Kept by the catalogue cache: products come and go with catalog_version.
    return app.responseCache.serveText(`sitemap ${base}`, request, reply, 'application/xml; charset=utf-8', () =>
      sitemapXml(app.db.kysely, base),
    );
  });

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(rules, baseUrl(app.config))),
  );
}
