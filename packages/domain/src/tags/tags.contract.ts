import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { REQUIRED, maxLengthMessage } from '../validation/messages';

export const TAG_NAME_MAX_LENGTH = 50;
export const TAG_NAME_EXISTS = 'A tag with this name already exists';

export const accountTagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created: z.iso.datetime({ offset: true }),
});

/** The body of POST, PUT and PATCH (a tag has one field, so PATCH reads the same). */
export const accountTagInputSchema = z.object({
  name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(TAG_NAME_MAX_LENGTH, { error: maxLengthMessage(TAG_NAME_MAX_LENGTH) }),
});

/** The keys `ordering` accepts on a merchant's tags list. */
export const TAG_SORT_KEYS = ['name', 'created'] as const;

/** `search` matches part of the name, case-insensitively; the server trims it, and blank means every tag. */
export const accountTagListQuery = paginationQuery
  .extend({ search: z.string().max(200).optional() })
  .extend(orderingQuery(TAG_SORT_KEYS, 'name').shape);

export const merchantTagParams = z.object({ id: z.string(), tagId: z.string() });

export type AccountTag = z.infer<typeof accountTagSchema>;
export type AccountTagInput = z.input<typeof accountTagInputSchema>;

const tags = ['account tags'];
/** Reading: anyone with a role on the merchant (customer lists filter by tags); writing: SPEC §6 tag settings. */
const readAccess = merchantAccess();
const writeAccess = merchantAccess(ACCESS_REQUIREMENTS.tagSettings);

export const accountTagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/account-tags/',
    summary: 'Account tags of a merchant',
    tags,
    access: readAccess,
    params: z.object({ id: z.string() }),
    query: accountTagListQuery,
    status: 200,
    response: pageSchema(accountTagSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/account-tags/',
    summary: 'Create an account tag',
    tags,
    access: writeAccess,
    params: z.object({ id: z.string() }),
    body: accountTagInputSchema,
    status: 201,
    response: accountTagSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/account-tags/:tagId/',
    summary: 'An account tag',
    tags,
    access: readAccess,
    params: merchantTagParams,
    status: 200,
    response: accountTagSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/account-tags/:tagId/',
    summary: 'Rename an account tag',
    tags,
    access: writeAccess,
    params: merchantTagParams,
    body: accountTagInputSchema,
    status: 200,
    response: accountTagSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/account-tags/:tagId/',
    summary: 'Change part of an account tag',
    tags,
    access: writeAccess,
    params: merchantTagParams,
    body: accountTagInputSchema.partial(),
    status: 200,
    response: accountTagSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/account-tags/:tagId/',
    summary: 'Delete an account tag (it comes off every account that had it)',
    tags,
    access: writeAccess,
    params: merchantTagParams,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
