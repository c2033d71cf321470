import type { FastifyRequest } from 'fastify';

/** The web app's address for links in emails: PUBLIC_URL when set, else the address the request came to. */
export function appUrlOf(request: FastifyRequest): string {
  const configured = request.server.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
