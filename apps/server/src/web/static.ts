/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * client route (any GET that is not /api or a file) answered with index.html.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/web -> ../../../web/dist ; dist -> ../../web/dist
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '../../web/dist')
    : path.resolve(here, '../../../web/dist');
}

export async function webRoutes(app: FastifyInstance, webDist: string): Promise<boolean> {
  const built = existsSync(path.join(webDist, 'index.html'));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = built && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ success: false, message: 'Not found' });
  });
  if (!built) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(reply, filePath) {
      const rel = path.relative(webDist, filePath);
      if (rel.startsWith(`assets${path.sep}`))
        void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (rel === 'sw.js' || rel.endsWith('.html')) void reply.header('Cache-Control', 'no-cache');
      else void reply.header('Cache-Control', 'public, max-age=3600');
    },
  });
  return true;
}
