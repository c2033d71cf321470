// One definition per HTTP endpoint: the API registers its route from it, the web app calls it through it, and the
// OpenAPI document is generated from it (docs/decisions/0006-endpoint-contracts.md).

import type { z } from 'zod';
import type { EndpointAccess } from '../access/endpoint-access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429 | 503;

type EndpointBase = {
  method: HttpMethod;
  /** As served under `/api`, Fastify-style params, trailing slash included: `/merchants/:id/roles/:rid/`. */
  path: string;
  summary: string;
  tags: readonly string[];
  access: EndpointAccess;
  /** One key per `:param` of the path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * Needs an Idempotency-Key header (api/idempotency.ts): a repeat with the same key and body answers the first
   * response again without running the handler. Only for merchant writes, which answer 400 and 409 for the key.
   */
  idempotent?: boolean;
  /** The largest request body accepted in bytes, where it differs from the app's default (1 MB). */
  bodyLimit?: number;
  /** The non-2xx statuses it can answer; their bodies are the shared error shapes unless `errorBodies` says. */
  errors: readonly ErrorStatus[];
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
};

export type EndpointDefinition = EndpointBase &
  ({ status: 200 | 201; response: z.ZodType } | { status: 204; response?: undefined });

export type Endpoint = Readonly<EndpointDefinition>;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server reads (after parsing) and what the client sends (before parsing). */
export type EndpointParams<E extends Endpoint> = OutputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = OutputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = OutputOf<E['body']>;
export type EndpointParamsInput<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQueryInput<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBodyInput<E extends Endpoint> = InputOf<E['body']>;
/** What a handler returns (the serializer's input) and what a client receives; `void` for 204. */
export type EndpointReply<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

const PARAM_PATTERN = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The `:param` names of a path, in order. */
export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1] as string);
}

function sameNames(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && [...left].sort().join() === [...right].sort().join();
}

/** Checks a definition once, at import time, and freezes it. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): Readonly<D> {
  const where = `${definition.method} ${definition.path}`;
  if (!definition.path.startsWith('/')) throw new TypeError(`${where}: the path must start with /`);
  const pathParams = paramNamesOf(definition.path);
  const schemaParams = Object.keys(definition.params?.shape ?? {});
  if (!sameNames(pathParams, schemaParams)) {
    throw new TypeError(`${where}: params schema keys [${schemaParams}] differ from the path's [${pathParams}]`);
  }
  if (definition.access.kind === 'merchant' && !pathParams.includes(definition.access.param)) {
    throw new TypeError(`${where}: merchant access reads :${definition.access.param}, which the path lacks`);
  }
  if (definition.idempotent) {
    if (definition.method === 'GET' || definition.access.kind !== 'merchant') {
      throw new TypeError(`${where}: only a merchant's write can be idempotent (keys are kept per merchant)`);
    }
    if (!definition.errors.includes(400) || !definition.errors.includes(409)) {
      throw new TypeError(`${where}: an idempotent endpoint answers 400 and 409 for its Idempotency-Key`);
    }
  }
  if ((definition.status === 204) !== (definition.response === undefined)) {
    throw new TypeError(`${where}: a 204 has no response schema, and only a 204`);
  }
  return Object.freeze({ ...definition, tags: Object.freeze([...definition.tags]) }) as Readonly<D>;
}

/** The endpoint's path with its params filled in and URI-encoded (no `/api` base). */
export function pathOf<E extends Endpoint>(
  endpoint: E,
  params?: EndpointParamsInput<E> | Readonly<Record<string, string | number>>,
): string {
  const values = (params ?? {}) as Readonly<Record<string, unknown>>;
  return endpoint.path.replace(PARAM_PATTERN, (_match, name: string) => {
    const value = values[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      throw new TypeError(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}
