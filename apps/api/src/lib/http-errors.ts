import { ERROR_CATALOGUE, ERROR_HTTP_STATUS, type ErrorCode } from '@paydesk/domain/errors/catalogue';

/** An error the client should see as `{detail, code}` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
  }
}

/** A business rule broken: status and message come from the catalogue (SPEC §8). */
export class CatalogueError extends HttpError {
  constructor(code: ErrorCode) {
    super(ERROR_HTTP_STATUS[code], ERROR_CATALOGUE[code], code);
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

export const notFound = () => new HttpError(404, 'Not found.', 'not_found');
export const permissionDenied = () =>
  new HttpError(403, 'You do not have permission to perform this action.', 'permission_denied');
export const notAuthenticated = () =>
  new HttpError(401, 'Authentication credentials were not provided.', 'not_authenticated');
