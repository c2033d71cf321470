import {
  pathOf,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResult,
} from '@paydesk/domain/api/endpoint';
import { DEFAULT_ERROR_MESSAGE, isCatalogueCode, translateError } from '@paydesk/domain/errors/catalogue';
import { readAuthHooks } from './auth-hooks';

type QueryValue = string | number | boolean | null | undefined;

/** Query parameters; `null`/`undefined` are left out and an array repeats its key (`?tag=a&tag=b`). */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Keeps this call from counting as session activity (`onSuccess` is not called), e.g. the token refresh itself. */
  bypassRefresh?: boolean;
};

export type FieldErrors = Record<string, string[]>;

/** Required when the endpoint has it and something in it is required; left out when the endpoint has none. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call sends: the endpoint's params, query and body as a client writes them (zod input types). */
export type CallInput<E extends Endpoint> = Part<'params', EndpointParamsInput<E>> &
  Part<'query', EndpointQueryInput<E>> &
  Part<'body', EndpointBodyInput<E>>;

type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions];

/**
 * A non-2xx response. Texts are translated through the error catalogue: `detail` prefers the catalogue message of
 * `code`, and `message` is the first of detail, non_field_errors (joined) and the body's `message`.
 */
/**
 * The status of an ApiError for a request that got no answer (offline, connection refused, a dropped connection).
 * Its message is the catalogue's default text, never the browser's own ("Failed to fetch").
 */
export const NO_RESPONSE_STATUS = 0;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly nonFieldErrors: string[];
  readonly fieldErrors: FieldErrors;

  /** `status` is NO_RESPONSE_STATUS (0) when no answer came; `cause` is then the fetch failure. */
  constructor(status: number, body: unknown, options?: { cause?: unknown }) {
    const record = isRecord(body) ? body : {};
    const code = typeof record.code === 'string' ? record.code : undefined;
    const detail =
      code && isCatalogueCode(code) ? translateError(code) : readMessages(record.detail).join(' ') || undefined;
    const nonFieldErrors = readMessages(record.non_field_errors);
    const bodyMessage = typeof record.message === 'string' ? translateError(record.message) : undefined;
    super(detail ?? (nonFieldErrors.join(' ') || bodyMessage) ?? DEFAULT_ERROR_MESSAGE, options);
    this.status = status;
    this.body = body;
    this.code = code;
    this.detail = detail;
    this.nonFieldErrors = nonFieldErrors;
    // Fastify's own error envelope ({statusCode, error, message}) carries no field errors.
    const isFastifyEnvelope = typeof record.statusCode === 'number';
    this.fieldErrors = status === 400 && !isFastifyEnvelope ? readFieldErrors(record) : {};
  }
}

export const api = {
  /**
   * Calls an endpoint of the domain contracts (`@paydesk/domain/<area>/<area>.contract`): the path comes from its
   * params, the answer is typed by its response schema (not checked at run time), `void` for a 204.
   */
  call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointResult<E>> {
    const { params, query, body } = (input ?? {}) as { params?: object; query?: QueryParams; body?: unknown };
    const path = pathOf(endpoint, params as Readonly<Record<string, string>> | undefined);
    return sendRequest(endpoint.method, path, query, body, options) as Promise<EndpointResult<E>>;
  },
};

async function sendRequest(
  method: Endpoint['method'],
  path: string,
  query: QueryParams | undefined,
  body: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const authHooks = readAuthHooks();
  const token = authHooks.getAccessToken?.();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
    data = await readBody(response);
  } catch (error) {
    // A cancelled request stays an abort, so TanStack Query and callers can tell it from a failure.
    if (options.signal?.aborted || isAbortError(error)) throw error;
    throw new ApiError(NO_RESPONSE_STATUS, undefined, { cause: error });
  }

  if (response.status === 401) authHooks.onUnauthorized?.();
  if (!response.ok) throw new ApiError(response.status, data);
  if (!options.bypassRefresh) authHooks.onSuccess?.();
  return data;
}

function buildUrl(path: string, params: QueryParams = {}): string {
  const base = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('Content-Type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// By name: the DOMException of the page and the one of the runtime's fetch may be different classes.
function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readMessages(value: unknown): string[] {
  if (typeof value === 'string') return [translateError(value)];
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').map(translateError);
  return [];
}

const NON_FIELD_KEYS = new Set(['detail', 'code', 'non_field_errors', 'message']);

// DRF nests serializer errors (`{address: {zip: [msg]}}`); nested fields are keyed by their dotted path.
function readFieldErrors(body: Record<string, unknown>, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    if (!prefix && NON_FIELD_KEYS.has(key)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value)) {
      Object.assign(errors, readFieldErrors(value, field));
      continue;
    }
    const messages = readMessages(value);
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}
