import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { REQUIRED, maxLengthMessage } from '../validation/messages';
import { phoneField, postalCodeField, requiredString } from '../validation/rules';
import { optionalEinField, optionalUrlField, stateField } from './onboarding-fields';

export const BUSINESS_TYPES = [
  'sole_proprietorship',
  'partnership',
  'llc',
  'corporation',
  'non_profit',
  'government',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  sole_proprietorship: 'Sole proprietorship',
  partnership: 'Partnership',
  llc: 'Limited liability company (LLC)',
  corporation: 'Corporation',
  non_profit: 'Non-profit',
  government: 'Government',
};

const text = (max: number) => requiredString().max(max, { error: maxLengthMessage(max) });

/**
 * What onboarding needs of a merchant beyond its name. The EIN is never sent back whole: only its last 4. Before
 * the first save every text is blank and `complete` is false.
 */
export const businessDetailsSchema = z.object({
  complete: z.boolean(),
  legal_name: z.string(),
  dba: z.string(),
  ein_last4: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  business_type: z.enum(BUSINESS_TYPES).nullable(),
  updated: z.iso.datetime({ offset: true }).nullable(),
});

/** PUT body. `ein` is required the first time; afterwards blank keeps the stored one. */
export const businessDetailsInputSchema = z.object({
  legal_name: text(200),
  dba: z
    .string()
    .trim()
    .max(200, { error: maxLengthMessage(200) })
    .optional(),
  ein: optionalEinField(),
  address_line1: text(200),
  address_line2: z
    .string()
    .trim()
    .max(200, { error: maxLengthMessage(200) })
    .optional(),
  city: text(100),
  state: stateField(),
  postal_code: postalCodeField(),
  phone: phoneField(),
  website: optionalUrlField(),
  business_type: z.enum(BUSINESS_TYPES, { error: REQUIRED }),
});

export type BusinessDetails = z.infer<typeof businessDetailsSchema>;
export type BusinessDetailsInput = z.input<typeof businessDetailsInputSchema>;

export const ONBOARDING_CHECK_KEYS = ['business_details', 'owners', 'locations', 'merchant_accounts'] as const;
export type OnboardingCheckKey = (typeof ONBOARDING_CHECK_KEYS)[number];

export const onboardingCheckSchema = z.object({
  key: z.enum(ONBOARDING_CHECK_KEYS),
  label: z.string(),
  complete: z.boolean(),
  /** What is missing (or what is there), in a sentence. */
  detail: z.string(),
});

export const onboardingSummarySchema = z.object({
  checks: z.array(onboardingCheckSchema),
  /** How many checks are not complete. */
  steps_left: z.number().int(),
  ready: z.boolean(),
});

export type OnboardingCheck = z.infer<typeof onboardingCheckSchema>;
export type OnboardingSummary = z.infer<typeof onboardingSummarySchema>;

/** "Owners total 60%; they must total 100%" (no owners yet: "No owners yet; they must total 100%"). */
export function ownersTotalDetail(total: number, count: number): string {
  if (count === 0) return 'No owners yet; they must total 100%';
  if (total === 100) return `${count} owner(s) total 100%`;
  return `Owners total ${total}%; they must total 100%`;
}

const tags = ['onboarding'];
const params = z.object({ id: z.string() });

export const onboardingEndpoints = {
  businessDetails: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/business_details/',
    summary: 'A merchant’s business details (blank until they are first saved)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.onboardingSettings),
    params,
    status: 200,
    response: businessDetailsSchema,
    errors: [401, 403, 404],
  }),
  saveBusinessDetails: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/business_details/',
    summary: 'Save a merchant’s business details',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.onboardingSettings),
    params,
    body: businessDetailsInputSchema,
    status: 200,
    response: businessDetailsSchema,
    errors: [400, 401, 403, 404],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/onboarding_summary/',
    summary: 'What a merchant still needs before it can go live',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.onboardingSettings),
    params,
    status: 200,
    response: onboardingSummarySchema,
    errors: [401, 403, 404],
  }),
} as const;
