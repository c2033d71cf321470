import { z } from 'zod';
import { ACCESS_REQUIREMENTS, type RoleRequirement } from '../access/requirements';
import { AUTHENTICATED, merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { FAILED_ACTIONS_PAGE_SIZE } from '../constants';
import { REQUIRED } from '../validation/messages';
import { maxLength, optionalField } from '../validation/rules';

/** The systems a merchant can connect (SPEC §2 settings integrations, passtime, ituran). */
export const INTEGRATION_PROVIDERS = ['freshbooks', 'passtime', 'ituran'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** The vehicle-device services: starter interrupt and location. */
export const DEVICE_PROVIDERS = ['passtime', 'ituran'] as const;
export type DeviceProvider = (typeof DEVICE_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<IntegrationProvider, string> = {
  freshbooks: 'FreshBooks',
  passtime: 'PassTime',
  ituran: 'Ituran',
};

export const CONNECTION_STATUSES = ['connected', 'error', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const DEVICE_ACTIONS = ['starter_enable', 'starter_disable', 'locate'] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

export const DEVICE_ACTION_LABELS: Record<DeviceAction, string> = {
  starter_enable: 'Enable starter',
  starter_disable: 'Disable starter',
  locate: 'Locate',
};

export const FAILED_ACTION_STATUSES = ['open', 'resolved'] as const;

/** SPEC §8 success toasts, spelled as the spec writes them. */
export const FAILED_ACTION_TOASTS = {
  resolved: 'Marked Action as Resolved',
  retried: 'Succesfully Retried and Resolved Action',
} as const;

/** Who may manage each device provider's settings and send its commands (SPEC §6 "Passtime and ituran"). */
export const DEVICE_PROVIDER_ACCESS: Record<DeviceProvider, RoleRequirement> = {
  passtime: ACCESS_REQUIREMENTS.passtimeSettings,
  ituran: ACCESS_REQUIREMENTS.ituranSettings,
};

/** Either device provider's access: the routes that name the provider in the body or query check the exact one. */
export const ANY_DEVICE_PROVIDER_ACCESS: RoleRequirement = ACCESS_REQUIREMENTS.deviceActions;

/** The name of each device provider's account field, as its own documentation calls it. */
export const DEVICE_ACCOUNT_FIELD = { passtime: 'dealer_id', ituran: 'account_id' } as const;
export const DEVICE_ACCOUNT_LABELS: Record<DeviceProvider, string> = { passtime: 'Dealer ID', ituran: 'Account ID' };

const timestamp = z.string();

/** A merchant's connection to one provider; its credentials are never part of it. */
export const connectionSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDERS),
  status: z.enum(CONNECTION_STATUSES),
  /** FreshBooks business name, PassTime dealer id, Ituran account id; empty when never connected. */
  account_label: z.string(),
  connected_by: z.string().nullable(),
  connected_at: timestamp.nullable(),
  last_tested_at: timestamp.nullable(),
  last_error: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({ results: z.array(connectionSchema) });

export const oauthLinksQuery = z.object({
  merchant: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }),
  /** The app address the user is on (`location.origin`): the flow returns there when it is one of the app's. */
  origin: z.string().max(200).optional(),
});
export const oauthLinkSchema = z.object({
  provider: z.enum(['freshbooks']),
  url: z.string(),
  expires_at: timestamp,
});
export const oauthLinksSchema = z.object({ results: z.array(oauthLinkSchema) });
export type OauthLink = z.infer<typeof oauthLinkSchema>;

const opaque = (max: number) => maxLength(max);
export const freshbooksConnectSchema = z.object({ code: opaque(512), state: opaque(512) });
export type FreshbooksConnectInput = z.input<typeof freshbooksConnectSchema>;
export const freshbooksConnectedSchema = z.object({ merchant_id: z.uuid(), connection: connectionSchema });

const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const ACCOUNT_ID_INVALID = 'Use letters, digits, dots, dashes and underscores only';

const accountIdField = () =>
  maxLength(64).refine((text) => text === '' || ACCOUNT_ID_PATTERN.test(text), { error: ACCOUNT_ID_INVALID });

/** Saving credentials: the password may be left out to keep the one stored (`has_password`). */
const credentialsInput = <const Field extends string>(field: Field) =>
  z.object({
    [field]: accountIdField(),
    username: maxLength(100),
    password: optionalField(z.string().max(200, { error: 'Ensure this field has no more than 200 characters.' })),
  } as { [K in Field]: ReturnType<typeof accountIdField> } & {
    username: ReturnType<typeof maxLength>;
    password: ReturnType<typeof optionalField<z.ZodString>>;
  });

export const passtimeCredentialsInput = credentialsInput(DEVICE_ACCOUNT_FIELD.passtime);
export const ituranCredentialsInput = credentialsInput(DEVICE_ACCOUNT_FIELD.ituran);
export type PasstimeCredentialsInput = z.input<typeof passtimeCredentialsInput>;
export type IturanCredentialsInput = z.input<typeof ituranCredentialsInput>;

const deviceSettingsBase = {
  status: z.enum(CONNECTION_STATUSES),
  username: z.string(),
  has_password: z.boolean(),
  connected_by: z.string().nullable(),
  connected_at: timestamp.nullable(),
  last_tested_at: timestamp.nullable(),
  last_error: z.string().nullable(),
};
export const passtimeSettingsSchema = z.object({
  provider: z.literal('passtime'),
  dealer_id: z.string(),
  ...deviceSettingsBase,
});
export const ituranSettingsSchema = z.object({
  provider: z.literal('ituran'),
  account_id: z.string(),
  ...deviceSettingsBase,
});
export type PasstimeSettings = z.infer<typeof passtimeSettingsSchema>;
export type IturanSettings = z.infer<typeof ituranSettingsSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  tested_at: timestamp,
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const DEVICE_ID_INVALID = 'Use letters, digits and dashes only';

/** Linking a device to a customer's account (administrators). */
export const accountDeviceInput = z.object({
  provider: z.enum(DEVICE_PROVIDERS, { error: REQUIRED }),
  device_id: maxLength(64).refine((text) => /^[A-Za-z0-9-]+$/.test(text), { error: DEVICE_ID_INVALID }),
});
export type AccountDeviceInput = z.input<typeof accountDeviceInput>;
export const accountDeviceResponse = z.object({
  provider: z.enum(DEVICE_PROVIDERS),
  device_id: z.string(),
});

/** A command to the device of an account: the device is the account's, never typed in. */
export const deviceActionInput = z.object({ action: z.enum(DEVICE_ACTIONS) });
export type DeviceActionInput = z.input<typeof deviceActionInput>;

/** What the starter-disable confirmation says happens (issue 16 item 17). */
export const STARTER_DISABLE_WARNING = 'The vehicle will not start until the starter is enabled';

export const failedActionSchema = z.object({
  id: z.uuid(),
  provider: z.enum(DEVICE_PROVIDERS),
  action: z.enum(DEVICE_ACTIONS),
  device_id: z.string(),
  /** The account's external id when the command was sent from a customer's account. */
  account_reference: z.string().nullable(),
  account_id: z.uuid().nullable(),
  /** The account's primary customer, for a link to the account. */
  customer_id: z.uuid().nullable(),
  error_message: z.string(),
  /** SPEC §3: true when retrying may work (e.g. the device was offline); false when a person must fix it. */
  is_resolvable: z.boolean(),
  status: z.enum(FAILED_ACTION_STATUSES),
  resolved_at: timestamp.nullable(),
  resolved_by: z.string().nullable(),
  created: timestamp,
});
export type FailedAction = z.infer<typeof failedActionSchema>;

export const deviceLocationSchema = z.object({ latitude: z.number(), longitude: z.number(), recorded_at: timestamp });

/** A command's outcome: `succeeded` with its result, or not, with the failed action recorded for it. */
export const deviceActionResultSchema = z.object({
  succeeded: z.boolean(),
  message: z.string(),
  location: deviceLocationSchema.nullable(),
  failed_action: failedActionSchema.nullable(),
});
export type DeviceActionResult = z.infer<typeof deviceActionResultSchema>;

export const failedActionListQuery = paginationQuery.extend({
  page_size: paginationQuery.shape.page_size.removeDefault().default(FAILED_ACTIONS_PAGE_SIZE),
  provider: z.enum(DEVICE_PROVIDERS).optional(),
});

const tags = ['integrations'];
const params = z.object({ id: z.string() });
const failedActionParams = z.object({ id: z.string(), aid: z.string() });
const accountParams = z.object({ id: z.string(), customerId: z.string(), accountId: z.string() });
const ACCOUNT_DEVICE_PATH = '/merchants/:id/customers/:customerId/accounts/:accountId/device/';

const deviceSettingsEndpoints = <P extends DeviceProvider, S extends z.ZodType, I extends z.ZodType>(
  provider: P,
  response: S,
  body: I,
) => {
  const access = merchantAccess(DEVICE_PROVIDER_ACCESS[provider]);
  const label = PROVIDER_LABELS[provider];
  return {
    get: defineEndpoint({
      method: 'GET',
      path: `/merchants/:id/integrations/${provider}/`,
      summary: `The merchant's ${label} settings (no secrets: has_password says whether one is kept)`,
      tags,
      access,
      params,
      status: 200,
      response,
      errors: [401, 403, 404],
    }),
    save: defineEndpoint({
      method: 'PUT',
      path: `/merchants/:id/integrations/${provider}/`,
      summary: `Save the merchant's ${label} credentials (sealed at rest; a left-out password keeps the stored one)`,
      tags,
      access,
      params,
      body,
      status: 200,
      response,
      errors: [400, 401, 403, 404],
    }),
    test: defineEndpoint({
      method: 'POST',
      path: `/merchants/:id/integrations/${provider}/test/`,
      summary: `Test the saved ${label} credentials; the result is kept as last_tested_at and last_error`,
      tags,
      access,
      params,
      status: 200,
      response: connectionTestSchema,
      errors: [401, 403, 404, 409],
    }),
  } as const;
};

export const passtimeEndpoints = deviceSettingsEndpoints('passtime', passtimeSettingsSchema, passtimeCredentialsInput);
export const ituranEndpoints = deviceSettingsEndpoints('ituran', ituranSettingsSchema, ituranCredentialsInput);

export const integrationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/integrations/',
    summary: "The merchant's connection to each provider",
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.integrationSettings),
    params,
    status: 200,
    response: connectionListSchema,
    errors: [401, 403, 404],
  }),
  oauthLinks: defineEndpoint({
    method: 'GET',
    path: '/oauth-links/',
    summary: 'Links that start connecting each OAuth provider for a merchant (single-use state, 10 minutes)',
    tags,
    // The merchant is in the query: the service checks the integration settings requirement there (else 403/404).
    access: AUTHENTICATED,
    query: oauthLinksQuery,
    status: 200,
    response: oauthLinksSchema,
    errors: [400, 401, 403, 404],
  }),
  freshbooksConnect: defineEndpoint({
    method: 'POST',
    path: '/freshbooks/connect/',
    summary: 'Finish connecting FreshBooks: the code and state FreshBooks sent back to /freshbooks/auth/:code',
    tags,
    // The state names the merchant and the user it was issued to; the service checks both.
    access: AUTHENTICATED,
    body: freshbooksConnectSchema,
    status: 200,
    response: freshbooksConnectedSchema,
    errors: [400, 401, 403, 404, 503],
  }),
  freshbooksDisconnect: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/integrations/freshbooks/',
    summary: 'Disconnect FreshBooks (its tokens are dropped)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.integrationSettings),
    params,
    status: 204,
    errors: [401, 403, 404],
  }),
  linkAccountDevice: defineEndpoint({
    method: 'PUT',
    path: ACCOUNT_DEVICE_PATH,
    summary: "Link a vehicle device to a customer's account (administrators); commands from the account go to it",
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.merchantSettings),
    params: accountParams,
    body: accountDeviceInput,
    status: 200,
    response: accountDeviceResponse,
    errors: [400, 401, 403, 404],
  }),
  unlinkAccountDevice: defineEndpoint({
    method: 'DELETE',
    path: ACCOUNT_DEVICE_PATH,
    summary: "Unlink the device from a customer's account (administrators)",
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.merchantSettings),
    params: accountParams,
    status: 204,
    errors: [401, 403, 404],
  }),
  accountDeviceAction: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/device_actions/',
    summary:
      "Send a command to the account's device; a failure is recorded as a failed action and answered 200. " +
      'An account without a device: 409 integration.no_device',
    tags,
    access: merchantAccess(ANY_DEVICE_PROVIDER_ACCESS),
    params: accountParams,
    body: deviceActionInput,
    status: 200,
    response: deviceActionResultSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  failedActions: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/failed-actions/',
    summary: 'Failed device actions, newest first (page_size 100 by default)',
    tags,
    access: merchantAccess(ANY_DEVICE_PROVIDER_ACCESS),
    params,
    query: failedActionListQuery,
    status: 200,
    response: pageSchema(failedActionSchema),
    errors: [400, 401, 403, 404],
  }),
  resolveFailedAction: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/failed-actions/:aid/resolve/',
    summary: 'Mark a failed action resolved (by hand); resolving a resolved one changes nothing',
    tags,
    access: merchantAccess(ANY_DEVICE_PROVIDER_ACCESS),
    params: failedActionParams,
    status: 200,
    response: failedActionSchema,
    errors: [401, 403, 404],
  }),
  retryFailedAction: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/failed-actions/:aid/retry/',
    summary:
      'Send a failed action again; resolved when the provider carries it out. One call at a time per action: ' +
      'parallel retries wait for it and answer its outcome. Not resolvable: 409 integrations.unresolvable_action',
    tags,
    access: merchantAccess(ANY_DEVICE_PROVIDER_ACCESS),
    params: failedActionParams,
    status: 200,
    response: deviceActionResultSchema,
    errors: [401, 403, 404, 409],
  }),
} as const;
