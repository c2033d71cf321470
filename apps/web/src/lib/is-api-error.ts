import type { ApiError } from './api-client';

/**
 * Whether an error is the API client's ApiError. By its name, so that the modules every screen loads first (the query
 * client) and the Login screen can tell API errors apart without loading the client and its error catalogue.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError';
}
