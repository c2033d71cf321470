import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current fingerprinted assets, so the browser must check it on every load.
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. Every GET under /pay/ gets pay.html (the customer pay page, its own entry); every other
 * GET outside /api and /ws that is not a file gets index.html,
 * so the client router shows the page (or its own Page Not Found); everything else is a JSON 404.
 * The build writes .br and .gz files beside each asset; the variant the request accepts is sent
 * (brotli first), with `Vary: Accept-Encoding`.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasWebApp = existsSync(join(options.distDir, 'index.html'));
  // The public pay page is its own small entry (decision 0022), not the signed-in app.
  const hasPayPage = existsSync(join(options.distDir, 'pay.html'));
  if (hasWebApp) {
    const assetsDir = join(options.distDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: options.distDir,
      // One route for every file, looked up per request: a route per built file (hundreds) slowed every start.
      wildcard: true,
      index: false,
      // A folder is never a file to send (without this `/` or `/assets/` answered 403 unless a compressed variant
      // was accepted): it goes to the not-found handler below like any other path that is not a file.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      preCompressed: true,
      // Cache-Control is set below, per file.
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite fingerprints asset names, so an asset never changes under the same name.
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing asset is a 404, not the app page (the browser would report a confusing MIME error).
    const isAsset = path === '/assets' || path.startsWith('/assets/');
    const isApp = !path.startsWith('/api') && !path.startsWith('/ws') && !isAsset;
    if (hasPayPage && path.startsWith('/pay/') && request.method === 'GET') {
      return reply.sendFile('pay.html');
    }
    if (hasWebApp && isApp && request.method === 'GET') {
      return reply.sendFile('index.html');
    }
    const error = notFound();
    return reply.code(404).send({ detail: error.detail, code: error.code });
  });
});
