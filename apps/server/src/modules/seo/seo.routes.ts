// sitemap.xml and robots.txt at the site's root (the page meta is written by modules/web).
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../http/types.ts';
import { notFound } from '../../http/errors.ts';
import { DEFAULT_ROBOTS, baseUrl, robotsTxt, sitemapFileOf, sitemapFileXml, sitemapIndexXml } from './seo.service.ts';

const XML = 'application/xml; charset=utf-8';

export function seoRoutes(app: App): void {
  // The web app may ship its own rules (apps/web/public/robots.txt); the sitemap line is ours.
  const robotsFile = path.join(app.config.webDistDir, 'robots.txt');
  const rules = fs.existsSync(robotsFile) ? fs.readFileSync(robotsFile, 'utf8') : DEFAULT_ROBOTS;

  // The index and each of its files are kept by the catalogue cache: products come and go with
  // catalog_version.
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    const base = baseUrl(app.config);
    return app.responseCache.serveText(`sitemap ${base}`, request, reply, XML, () =>
      sitemapIndexXml(app.db.kysely, base),
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const base = baseUrl(app.config);
    const file = sitemapFileOf(request.params.file);
    if (!file) throw notFound('No such sitemap file');
    // A part past the last is a 404, which the cache does not keep.
    return app.responseCache.serveText(`sitemap ${base} ${request.params.file}`, request, reply, XML, async () => {
      const xml = await sitemapFileXml(app.db.kysely, base, file);
      if (xml === undefined) throw notFound('No such sitemap file');
      return xml;
    });
  });

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(rules, baseUrl(app.config))),
  );
}
