import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-errors';

/**
 * Serves the built web app. Every GET outside /api and /ws that is not a file gets index.html,
 * so the client router shows the page (or its own Page Not Found); everything else is a JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasWebApp = existsSync(join(options.distDir, 'index.html'));
  if (hasWebApp) {
    const assetsDir = join(options.distDir, 'assets');
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite fingerprints asset names, so an asset never changes under the same name.
        if (path.startsWith(assetsDir)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing asset is a 404, not the app page (the browser would report a confusing MIME error).
    const isApp = !path.startsWith('/api') && !path.startsWith('/ws') && !path.startsWith('/assets/');
    if (hasWebApp && isApp && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = notFound();
    return reply.code(404).send({ detail: error.detail, code: error.code });
  });
});
