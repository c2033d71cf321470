import { TAG_NAME_EXISTS } from '@paydesk/domain/tags/tags.contract';
import { LOCATION_HAS_CUSTOMERS, LOCATION_NAME_TAKEN } from '@paydesk/domain/locations/locations.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { CatalogueError, FieldErrors, HttpError } from './http-errors';

/** The fields of a PostgreSQL error (node-postgres `DatabaseError`) this module reads. */
type PgError = { code: string; constraint?: string; column?: string; detail?: string };

/** The PostgreSQL error behind an error, if any: drizzle wraps the driver's error as its `cause`. */
export function findPgError(error: unknown): PgError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate) {
      return candidate as PgError;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A serialization failure or deadlock: running the whole transaction again is the documented remedy. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '40001' || code === '40P01';
}

const DUPLICATE = 'An object with these values already exists.';
const INVALID_VALUE = 'A value in the request is not valid.';

/**
 * Unique indexes whose violation means something to the client. Services may check first for a friendlier
 * flow, but two concurrent requests both pass such a check; the index decides, and its answer is this.
 */
const UNIQUE_VIOLATIONS: Record<string, () => HttpError | FieldErrors> = {
  users_email_lower_idx: () => new CatalogueError('user.email_in_use'),
  custom_roles_merchant_name_idx: () => FieldErrors.of('role_name', 'A role with this name already exists'),
  account_tags_merchant_name_idx: () => FieldErrors.of('name', TAG_NAME_EXISTS),
  role_grants_user_merchant_idx: () => new CatalogueError('user.email_in_use'),
  merchant_locations_merchant_name_idx: () => FieldErrors.of('name', LOCATION_NAME_TAKEN),
  accounts_merchant_external_id_idx: () => new CatalogueError('account.external_id.clash'),
  customers_merchant_phone_idx: () => FieldErrors.of('sms_phone_number', ERROR_CATALOGUE['phone_number.duplicate']),
  sending_numbers_phone_number_unique: () => FieldErrors.of('phone_number', ERROR_CATALOGUE['phone_number.duplicate']),
};

/** Foreign keys whose "still referenced" means something to the client: deleting what others still point at. */
const REFERENCED_VIOLATIONS: Record<string, () => HttpError | FieldErrors> = {
  merchant_accounts_location_fk: () => new HttpError('location.in_use'),
  customers_location_id_merchant_locations_id_fk: () => new HttpError('location.in_use', LOCATION_HAS_CUSTOMERS),
};

/** `Key (organization_id)=(…) is not present in table …` → `organization_id`. */
const keyColumnOf = (detail: string | undefined) => /^Key \(([a-z_][a-z0-9_]*)\)=/.exec(detail ?? '')?.[1];

/**
 * What a database error means to the client, in one place; undefined for errors that are the server's fault
 * (they stay 500s). Reached only when a service did not handle the error itself.
 */
export function mapDatabaseError(error: unknown): HttpError | FieldErrors | undefined {
  const pg = findPgError(error);
  if (!pg) return undefined;
  const { code } = pg;
  if (code === '23505') return UNIQUE_VIOLATIONS[pg.constraint ?? '']?.() ?? new HttpError('conflict', DUPLICATE);
  if (code === '23503') {
    // Deleting or re-keying a row others still point at, or pointing at a row that does not exist.
    if (/still referenced/.test(pg.detail ?? '')) {
      return (
        REFERENCED_VIOLATIONS[pg.constraint ?? '']?.() ?? new HttpError('conflict', 'This object is still in use.')
      );
    }
    const column = keyColumnOf(pg.detail);
    return column ? FieldErrors.of(column, 'Object does not exist.') : new HttpError('bad_request', INVALID_VALUE);
  }
  if (code === '23502') return pg.column ? FieldErrors.of(pg.column, REQUIRED) : new HttpError('bad_request');
  // Check violations and every data exception (class 22): invalid text for a type, a number out of range, a NUL
  // character, a string too long for its column, a bad date.
  if (code === '23514' || code.startsWith('22')) return new HttpError('bad_request', INVALID_VALUE);
  // Still conflicting after withTransaction's retries.
  if (code === '40001' || code === '40P01') return new HttpError('conflict');
  // Overloaded or going away: the client may try again.
  if (code === '53300' || code === '57014' || code.startsWith('57P') || code.startsWith('08')) {
    return new HttpError('service_unavailable');
  }
  return undefined;
}
