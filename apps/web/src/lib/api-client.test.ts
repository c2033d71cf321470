import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { defineEndpoint } from '@paydesk/domain/api/endpoint';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../../test/server';
import { DEFAULT_ERROR_MESSAGE } from '@paydesk/domain/errors/catalogue';
import { api, ApiError, NO_RESPONSE_STATUS } from './api-client';
import { setAuthHooks } from './auth-hooks';

const common = { summary: 'test', tags: [], access: PUBLIC } as const;
const anything = z.record(z.string(), z.unknown());

const createCustomer = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/customers/',
  body: z.object({ first_name: z.string().optional() }),
  status: 201,
  response: z.object({ id: z.number(), first_name: z.string() }),
  errors: [400],
});
const listCustomers = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/customers/',
  query: z.object({
    tags: z.array(z.string()).optional(),
    page: z.number().optional(),
    search: z.string().optional(),
    location: z.string().nullable().optional(),
  }),
  status: 200,
  response: anything,
  errors: [],
});
const deleteNote = defineEndpoint({
  ...common,
  method: 'DELETE',
  path: '/notes/:id/',
  params: z.object({ id: z.string() }),
  status: 204,
  errors: [],
});
const resetPassword = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/auth/reset-password/',
  body: z.object({ password: z.string() }),
  status: 200,
  response: anything,
  errors: [400],
});
const getMerchant = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/merchants/:id/',
  params: z.object({ id: z.string() }),
  status: 200,
  response: anything,
  errors: [404],
});
const getMe = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/users/me/',
  status: 200,
  response: anything,
  errors: [],
});
const listUsers = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/users/',
  status: 200,
  response: anything,
  errors: [],
});

async function catchApiError(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  afterEach(() => {
    setAuthHooks({});
  });

  it('sends JSON to the path as given, trailing slash included, and returns the JSON answer', async () => {
    let received: { path: string; body: unknown; contentType: string | null } | undefined;
    server.use(
      http.post('/api/customers/', async ({ request }) => {
        received = {
          path: new URL(request.url).pathname,
          body: await request.json(),
          contentType: request.headers.get('Content-Type'),
        };
        return HttpResponse.json({ id: 7, first_name: 'Ada' }, { status: 201 });
      }),
    );

    const created = await api.call(createCustomer, { body: { first_name: 'Ada' } });

    expect(created).toEqual({ id: 7, first_name: 'Ada' });
    expect(received).toEqual({
      path: '/api/customers/',
      body: { first_name: 'Ada' },
      contentType: 'application/json',
    });
  });

  it('repeats the key for array query params and leaves out empty ones', async () => {
    let search: URLSearchParams | undefined;
    server.use(
      http.get('/api/customers/', ({ request }) => {
        search = new URL(request.url).searchParams;
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );

    await api.call(listCustomers, { query: { tags: ['vip', 'late'], page: 2, search: undefined, location: null } });

    expect(search?.getAll('tags')).toEqual(['vip', 'late']);
    expect(search?.get('page')).toBe('2');
    expect(search?.has('search')).toBe(false);
    expect(search?.has('location')).toBe(false);
  });

  it('fills the endpoint path params, URI-encoded', async () => {
    let path: string | undefined;
    server.use(
      http.get('/api/merchants/:id/', ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({});
      }),
    );

    await api.call(getMerchant, { params: { id: 'a b/c' } });

    expect(path).toBe('/api/merchants/a%20b%2Fc/');
  });

  it('returns nothing for an empty 204 answer', async () => {
    server.use(http.delete('/api/notes/3/', () => new HttpResponse(null, { status: 204 })));

    await expect(api.call(deleteNote, { params: { id: '3' } })).resolves.toBeUndefined();
  });

  it('parses DRF field errors and non_field_errors of a 400, translated through the catalogue', async () => {
    server.use(
      http.post('/api/customers/', () =>
        HttpResponse.json(
          {
            email: ['Enter a valid email address.'],
            sms_phone_number: ['phone_number.duplicate'],
            address: { zip: ['This field is required.'] },
            non_field_errors: ['password.mismatch'],
          },
          { status: 400 },
        ),
      ),
    );

    const error = await catchApiError(api.call(createCustomer, { body: {} }));

    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      email: ['Enter a valid email address.'],
      sms_phone_number: ['Phone Number is Already in Use.'],
      'address.zip': ['This field is required.'],
    });
    expect(error.nonFieldErrors).toEqual(['Passwords do not match.']);
    expect(error.message).toBe('Passwords do not match.');
  });

  it('translates a catalogue code into its message', async () => {
    server.use(
      http.post('/api/auth/reset-password/', () =>
        HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token.invalid' }, { status: 400 }),
      ),
    );

    const error = await catchApiError(api.call(resetPassword, { body: { password: 'x' } }));

    expect(error.code).toBe('token.invalid');
    expect(error.detail).toBe('Invalid Token.');
    expect(error.message).toBe('Invalid Token.');
    expect(error.fieldErrors).toEqual({});
  });

  it('keeps a detail without a catalogue code as the server wrote it', async () => {
    server.use(http.get('/api/merchants/9/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));

    const error = await catchApiError(api.call(getMerchant, { params: { id: '9' } }));

    expect(error.status).toBe(404);
    expect(error.message).toBe('Not found.');
  });

  it('sends the access token and reports a 401 to the session', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('/api/users/me/', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
      }),
    );
    const onUnauthorized = vi.fn();
    const onSuccess = vi.fn();
    setAuthHooks({ getAccessToken: () => 'access-123', onUnauthorized, onSuccess });

    const error = await catchApiError(api.call(getMe));

    expect(error.status).toBe(401);
    expect(authorization).toBe('Bearer access-123');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('does not report other failures as unauthorized', async () => {
    server.use(http.get('/api/users/', () => HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })));
    const onUnauthorized = vi.fn();
    setAuthHooks({ onUnauthorized });

    await catchApiError(api.call(listUsers));

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onSuccess after a successful call unless the call bypasses the refresh', async () => {
    server.use(http.get('/api/users/me/', () => HttpResponse.json({ id: 1 })));
    const onSuccess = vi.fn();
    setAuthHooks({ onSuccess });

    await api.call(getMe);
    expect(onSuccess).toHaveBeenCalledTimes(1);

    await api.call(getMe, undefined, { bypassRefresh: true });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

describe('api client without an answer', () => {
  it('turns a network failure into an ApiError with status 0 and the default message', async () => {
    server.use(http.get('/api/users/', () => HttpResponse.error()));
    const onSuccess = vi.fn();
    const onUnauthorized = vi.fn();
    setAuthHooks({ onSuccess, onUnauthorized });

    const error = await catchApiError(api.call(listUsers));

    expect(error.status).toBe(NO_RESPONSE_STATUS);
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.message).not.toMatch(/fetch/i);
    expect(error.fieldErrors).toEqual({});
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    setAuthHooks({});
  });

  it('keeps a cancelled request an abort, not a failure', async () => {
    server.use(http.get('/api/users/', () => new Promise<Response>(() => {})));
    const controller = new AbortController();

    const request = api.call(listUsers, undefined, { signal: controller.signal });
    controller.abort();

    const error = await request.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
