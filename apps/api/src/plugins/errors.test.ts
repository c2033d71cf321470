import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin, handleFrameworkError } from './errors';

/** A PostgreSQL error as drizzle throws it: the driver's error in `cause`. */
function databaseError(code: string, constraint?: string): Error {
  const driverError = Object.assign(new Error('database said no'), { code, severity: 'ERROR', constraint });
  return new Error('Failed query: insert into …', { cause: driverError });
}

async function respondTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/fail', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fail' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('database errors', () => {
  it('turns a duplicate email into its catalogue error', async () => {
    expect(await respondTo(databaseError('23505', 'users_email_lower_idx'))).toEqual({
      status: 409,
      body: { detail: 'Email address already in use.', code: 'user.email_in_use' },
    });
  });

  it('turns any other duplicate into a conflict', async () => {
    expect(await respondTo(databaseError('23505', 'some_other_idx'))).toEqual({
      status: 409,
      body: { detail: 'This already exists.', code: 'conflict' },
    });
  });

  it('turns a missing referenced row, a number out of range and an unreadable value into field errors', async () => {
    expect(await respondTo(databaseError('23503'))).toEqual({
      status: 400,
      body: { non_field_errors: ['The object referred to does not exist'] },
    });
    expect(await respondTo(databaseError('22003'))).toEqual({
      status: 400,
      body: { non_field_errors: ['Must be a valid number'] },
    });
    for (const code of ['22P02', '22021', '22001']) {
      expect(await respondTo(databaseError(code))).toEqual({
        status: 400,
        body: { non_field_errors: ['Must be a valid value'] },
      });
    }
  });

  it('keeps other database failures a server error without their message', async () => {
    expect(await respondTo(databaseError('57P01'))).toEqual({
      status: 500,
      body: { detail: 'A server error occurred.', code: 'server_error' },
    });
  });
});

describe('router errors', () => {
  it('answers a path parameter over the length limit in the error shape', async () => {
    const app = Fastify({ logger: false, frameworkErrors: handleFrameworkError });
    await app.register(errorsPlugin);
    app.get('/things/:id', async () => ({}));
    const response = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(200)}` });
    const malformed = await app.inject({ method: 'GET', url: '/things/%E0%A4%A/' });
    await app.close();
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'The address is too long.', code: 'uri_too_long' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The address is not valid.', code: 'bad_request' });
  });
});
