import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { REQUIRED, maxLengthMessage } from '../validation/messages';
import { phoneField, postalCodeField, requiredString } from '../validation/rules';
import { STATE_CODES, TIME_ZONE_IDS } from './regions';

export const LOCATION_NAME_TAKEN = 'A location with this name already exists';
/** Deleting a location its customers still belong to (409 location.in_use, in these words). */
export const LOCATION_HAS_CUSTOMERS = 'This location still has customers.';
export const STATE_INVALID = 'Choose a state from the list';
export const TIME_ZONE_INVALID = 'Choose a time zone from the list';

export const locationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  /** E.164 (`+12125550123`), or null. */
  phone: z.string().nullable(),
  timezone: z.string(),
  created: z.iso.datetime({ offset: true }),
});

const text = (max: number) => requiredString().max(max, { error: maxLengthMessage(max) });

const locationFields = {
  name: text(100),
  address_line1: text(200),
  address_line2: z
    .string()
    .trim()
    .max(200, { error: maxLengthMessage(200) }),
  city: text(100),
  state: z.enum(STATE_CODES, {
    error: (issue) => (issue.input == null || issue.input === '' ? REQUIRED : STATE_INVALID),
  }),
  postal_code: postalCodeField(),
  /** Typed as the user likes (`(212) 555-0123`), stored E.164; null for none. */
  phone: phoneField().nullable(),
  timezone: z.enum(TIME_ZONE_IDS, {
    error: (issue) => (issue.input == null || issue.input === '' ? REQUIRED : TIME_ZONE_INVALID),
  }),
};

/** The body of POST and PUT: address_line2 and phone may be left out. */
export const locationInputSchema = z.object({
  ...locationFields,
  address_line2: locationFields.address_line2.default(''),
  phone: locationFields.phone.default(null),
});

export const locationPatchSchema = z.object(locationFields).partial();

export type Location = z.infer<typeof locationSchema>;
export type LocationInput = z.input<typeof locationInputSchema>;
export type ParsedLocationInput = z.output<typeof locationInputSchema>;
export type LocationPatch = z.output<typeof locationPatchSchema>;

/** The keys `ordering` accepts on a merchant's locations list. */
export const LOCATION_SORT_KEYS = ['name', 'created'] as const;
export const locationListQuery = paginationQuery
  .extend({ search: z.string().optional() })
  .extend(orderingQuery(LOCATION_SORT_KEYS, 'name').shape);

export const merchantLocationParams = z.object({ id: z.string(), locationId: z.string() });

const tags = ['locations'];
const read = merchantAccess();
const write = merchantAccess(ACCESS_REQUIREMENTS.merchantSettings);

export const locationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/merchant_locations/',
    summary: 'Locations of a merchant (pickers ask for page 1, page_size 1000)',
    tags,
    access: read,
    params: z.object({ id: z.string() }),
    query: locationListQuery,
    status: 200,
    response: pageSchema(locationSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/merchant_locations/',
    summary: 'Create a location',
    tags,
    access: write,
    params: z.object({ id: z.string() }),
    body: locationInputSchema,
    status: 201,
    response: locationSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/merchant_locations/:locationId/',
    summary: 'A location',
    tags,
    access: read,
    params: merchantLocationParams,
    status: 200,
    response: locationSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/merchant_locations/:locationId/',
    summary: 'Replace a location',
    tags,
    access: write,
    params: merchantLocationParams,
    body: locationInputSchema,
    status: 200,
    response: locationSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/merchant_locations/:locationId/',
    summary: 'Change part of a location',
    tags,
    access: write,
    params: merchantLocationParams,
    body: locationPatchSchema,
    status: 200,
    response: locationSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/merchant_locations/:locationId/',
    summary: 'Delete a location; refused (409 location.in_use) while merchant accounts sit under it',
    tags,
    access: write,
    params: merchantLocationParams,
    status: 204,
    errors: [401, 403, 404, 409],
  }),
} as const;
