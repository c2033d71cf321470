import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './catalogue';
import { ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS, errorCodesWithStatus, isErrorCode } from './error-codes';

describe('ErrorCode', () => {
  it('holds every catalogue code with its catalogue message, and the project codes beside them', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(ERROR_CODES).toContain(code);
    expect(ERROR_MESSAGES['token.invalid']).toBe('Invalid Token.');
    expect(ERROR_CODES).toEqual(
      expect.arrayContaining(['not_found', 'permission_denied', 'server_error', 'uri_too_long', 'invitation.accepted']),
    );
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_STATUS['invitation.accepted']).toBe(400);
    expect(ERROR_STATUS['idempotency_key.missing']).toBe(400);
    expect(ERROR_STATUS['idempotency_key.too_long']).toBe(400);
    expect(ERROR_STATUS['idempotency_key.reused']).toBe(409);
    expect(ERROR_STATUS['idempotency_key.in_use']).toBe(409);
  });

  it('gives every code an HTTP error status and a message', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
      expect(ERROR_MESSAGES[code], code).not.toBe('');
    }
    expect(ERROR_STATUS.not_found).toBe(404);
    expect(ERROR_STATUS.throttled).toBe(429);
  });

  it('lists the codes of a status', () => {
    expect(errorCodesWithStatus(404)).toEqual(['not_found']);
    expect(errorCodesWithStatus(401)).toEqual(['not_authenticated', 'token_not_valid']);
    expect(errorCodesWithStatus(409)).toEqual(expect.arrayContaining(['user.email_in_use', 'conflict', 'role.in_use']));
    expect(errorCodesWithStatus(418)).toEqual([]);
  });

  it('tells an error code from any other text', () => {
    expect(isErrorCode('conflict')).toBe(true);
    expect(isErrorCode('pin.mismatch')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('fst_err_ctp_invalid_media_type')).toBe(false);
  });
});
