import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const SECRET_QUERY_PARAMETER = /([?&](?:token|ticket|access|refresh|code|state)=)[^&#]*/gi;
/** Emailed one-time links (the web app's pages and the API routes they call): `/<kind>/<id>/<token>`. */
const SECRET_LINK_PATH =
  /^((?:\/api)?\/(?:reset-password|password-reset|partner-signup|partner-invite)\/[^/?#]*\/)[^/?#]+/i;
/** Where FreshBooks sends the browser back with its authorization code: `/freshbooks/auth/<code>`. */
const AUTHORIZATION_CODE_PATH = /^(\/freshbooks\/auth\/)[^/?#]+/i;

/**
 * A URL fit for the logs: one-time secrets in link paths (reset, sign-up and invitation tokens, FreshBooks codes)
 * and secrets passed as query parameters (a WebSocket's token or ticket, an OAuth code or state) are blanked.
 */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_LINK_PATH, '$1[redacted]')
    .replace(AUTHORIZATION_CODE_PATH, '$1[redacted]')
    .replace(SECRET_QUERY_PARAMETER, '$1[redacted]');
}

/** What a log line says about a request (replaces Fastify's serializer, which logs the raw URL). */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

/**
 * One log line per request, when it is answered (Fastify writes two: received and completed; each line costs
 * measurable throughput at the default level), and never a token from the URL.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
