import type { CatalogueCode } from '@paydesk/domain/errors/catalogue';
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@paydesk/domain/errors/error-codes';

/** An error the client sees as `{detail, code}`; the status comes from the code, the detail defaults to its message. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
  ) {
    super(detail ?? ERROR_MESSAGES[code]);
    this.statusCode = ERROR_STATUS[code];
    this.detail = detail ?? ERROR_MESSAGES[code];
  }
}

/** 429 `throttled`, with how long to wait (sent as `Retry-After`), in DRF's words. */
export class ThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super('throttled', `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
  }
}

/** A business rule of the SPEC §8 catalogue broken: its status and message. */
export class CatalogueError extends HttpError {
  constructor(code: CatalogueCode) {
    super(code);
  }
}

/** Field errors in the DRF shape: `{field: [message]}` or `{non_field_errors: [message]}`. */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('Invalid input');
  }

  static of(field: string, message: string): FieldErrors {
    return new FieldErrors({ [field]: [message] });
  }
}

export const notFound = () => new HttpError('not_found');
export const permissionDenied = () => new HttpError('permission_denied');
export const notAuthenticated = () => new HttpError('not_authenticated');
