// Serves the built single-page app: its hashed assets with long caching, and index.html for
// every page route so the client-side router can take over.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../../http/types.ts';

export async function webRoutes(app: App): Promise<void> {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/public/')) {
      return reply.status(404).send({ status: 404, message: `Not found: GET ${url}`, data: null });
    }
    const file = path.join(root, path.normalize(url));
    if (file.startsWith(root) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
