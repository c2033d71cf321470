import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets inline style attributes and injects CSS variables at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // 'self' covers the app's own WebSocket (ws:/wss: on the same host) in CSP Level 3 browsers.
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/**
 * The headers helmet sets with these options, recorded once: they do not depend on the request, and building
 * helmet's middleware per response was a measurable share of each request's CPU.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** API answers carry token pairs and personal data: no browser or proxy may keep them. */
const API_CACHE_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

const SECURITY_HEADERS = computeSecurityHeaders();
const API_SECURITY_HEADERS = { ...SECURITY_HEADERS, ...API_CACHE_HEADERS };

/** The headers every answer to this URL carries: helmet's set, and no-store on the API. */
export function securityHeadersFor(url: string): Record<string, string> {
  return isApiUrl(url) ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    done();
  });
  // A too long path parameter is refused after routing but before onRequest (a bad URL: errors.ts sets them).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.headers(securityHeadersFor(request.url));
    done(null, payload);
  });
});
