import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointReply,
} from '@paydesk/domain/api/endpoint';
import { errorBodyOf } from '@paydesk/domain/api/error-bodies';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain definition a route was registered from (tests check every /api route has exactly one). */
    endpoint?: Endpoint;
  }
}

declare const jsonType: unique symbol;

/**
 * A response body already written as the JSON text of `T` (a list page PostgreSQL wrote, see `jsonPageColumns` in
 * db/list-query.ts): sent as it is, without the compiled serializer, so its query must select exactly the
 * contract's fields (its tests compare it with the contract's schema).
 */
export class SerializedJson<T> {
  declare readonly [jsonType]: T;
  constructor(readonly text: string) {}
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * Returns the body; the endpoint's success status is already set, so a handler only touches `reply` for an
 * answer the definition declares otherwise (health's 503).
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | SerializedJson<EndpointReply<E>>>;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const BEARER = [{ bearerAuth: [] }];
const NO_CONTENT = z.null().describe('No content');

/** The Fastify schema (validation, serialization, OpenAPI) of an endpoint, error bodies included. */
export function schemaOf(endpoint: Endpoint): FastifySchema & Record<string, unknown> {
  const response: Record<number, unknown> = {};
  // A 204 sends no body, so its `null` schema only documents it (OpenAPI: a response without content).
  response[endpoint.status] = endpoint.response ?? NO_CONTENT;
  for (const status of endpoint.errors) response[status] = endpoint.errorBodies?.[status] ?? errorBodyOf(status);
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.access.kind === 'public' ? {} : { security: BEARER }),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response,
  };
}

/** Registers the route of an endpoint definition: method, path, access, schema and success status come from it. */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, endpoint },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: schemaOf(endpoint),
    handler: async (request, reply) => {
      reply.code(endpoint.status);
      const body = await handler(request as EndpointRequest<E>, reply);
      if (endpoint.status === 204) return reply.send();
      if (body instanceof SerializedJson) return reply.type(JSON_CONTENT_TYPE).send(body.text);
      return body;
    },
  });
}
