import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { maxLengthMessage } from '../validation/messages';
import { emailField, phoneField, postalCodeField, requiredString } from '../validation/rules';
import {
  dateOfBirthField,
  optionalSsnField,
  ownershipPercentageField,
  ssnField,
  stateField,
} from '../onboarding/onboarding-fields';

/**
 * A business owner of a merchant. The SSN is stored sealed and never sent back: `ssn_last4` is shown to the
 * merchant's administrators only (null for everyone else).
 */
export const ownerSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  date_of_birth: z.string(),
  ssn_last4: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  ownership_percentage: z.number().int(),
  created: z.iso.datetime({ offset: true }),
});

const text = (max: number) => requiredString().max(max, { error: maxLengthMessage(max) });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: maxLengthMessage(max) })
    .optional();

const ownerFields = {
  first_name: text(100),
  last_name: text(100),
  title: optionalText(100),
  email: emailField(),
  phone: phoneField(),
  date_of_birth: dateOfBirthField(),
  address_line1: text(200),
  address_line2: optionalText(200),
  city: text(100),
  state: stateField(),
  postal_code: postalCodeField(),
  ownership_percentage: ownershipPercentageField(),
};

/** POST body: the SSN is required. */
export const ownerCreateSchema = z.object({ ...ownerFields, ssn: ssnField() });
/** PUT body: as POST, but a blank or absent SSN keeps the stored one. */
export const ownerReplaceSchema = z.object({ ...ownerFields, ssn: optionalSsnField() });
/** PATCH body: only what it names changes. */
export const ownerPatchSchema = ownerReplaceSchema.partial();

export type Owner = z.infer<typeof ownerSchema>;
export type OwnerCreateInput = z.input<typeof ownerCreateSchema>;
export type OwnerReplaceInput = z.input<typeof ownerReplaceSchema>;

export const OWNER_SORT_KEYS = ['last_name', 'ownership_percentage', 'created'] as const;
export const ownerListQuery = paginationQuery.extend(orderingQuery(OWNER_SORT_KEYS, 'last_name').shape);

export const ownerParams = z.object({ id: z.string(), ownerId: z.string() });
const merchantParams = z.object({ id: z.string() });

const tags = ['owners'];
/** Owners' private data (date of birth, home address, personal email and phone): administrators only. */
const admins = merchantAccess(ACCESS_REQUIREMENTS.onboardingSettings);

export const ownerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/business_owners/',
    summary: 'Business owners of a merchant',
    tags,
    access: admins,
    params: merchantParams,
    query: ownerListQuery,
    status: 200,
    response: pageSchema(ownerSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/business_owners/',
    summary: 'Add a business owner; the owners may total at most 100%',
    tags,
    access: admins,
    params: merchantParams,
    body: ownerCreateSchema,
    status: 201,
    response: ownerSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/business_owners/:ownerId/',
    summary: 'A business owner',
    tags,
    access: admins,
    params: ownerParams,
    status: 200,
    response: ownerSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/business_owners/:ownerId/',
    summary: 'Replace a business owner (a blank SSN keeps the stored one)',
    tags,
    access: admins,
    params: ownerParams,
    body: ownerReplaceSchema,
    status: 200,
    response: ownerSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/business_owners/:ownerId/',
    summary: 'Change part of a business owner',
    tags,
    access: admins,
    params: ownerParams,
    body: ownerPatchSchema,
    status: 200,
    response: ownerSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/business_owners/:ownerId/',
    summary: 'Remove a business owner',
    tags,
    access: admins,
    params: ownerParams,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
