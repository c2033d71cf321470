import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerFrameworkError, errorsPlugin } from './errors';

describe('router errors', () => {
  it('answers a path parameter over the length limit, and a malformed address, in the error shape', async () => {
    const app = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
    await app.register(errorsPlugin);
    app.get('/things/:id', async () => ({}));
    const tooLong = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(200)}` });
    const malformed = await app.inject({ method: 'GET', url: '/things/%E0%A4%A/' });
    await app.close();
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ detail: 'The address is too long.', code: 'uri_too_long' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: ERROR_MESSAGES.bad_request, code: 'bad_request' });
  });
});
