import {
  CONNECTION_STATUSES,
  DEVICE_ACTIONS,
  DEVICE_PROVIDERS,
  FAILED_ACTION_STATUSES,
  INTEGRATION_PROVIDERS,
} from '@paydesk/domain/integrations/integrations.contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts } from './customers';
import { merchants, users } from './identity';

const at = () => timestamp({ withTimezone: true });

/**
 * A merchant's connection to one provider (FreshBooks, PassTime, Ituran): at most one per merchant and provider.
 * `credentials_sealed` is the JSON of its tokens or credentials sealed with the field cipher; it never leaves the API.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text({ enum: INTEGRATION_PROVIDERS }).notNull(),
    status: text({ enum: CONNECTION_STATUSES }).notNull(),
    /** FreshBooks business name, PassTime dealer id, Ituran account id. */
    account_label: text().notNull().default(''),
    credentials_sealed: text(),
    connected_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    connected_at: at(),
    last_tested_at: at(),
    last_error: text(),
    created: createdAt(),
  },
  (table) => [uniqueIndex('integration_connections_merchant_provider_idx').on(table.merchant_id, table.provider)],
);

/**
 * The `state` of a connect link (GET /oauth-links/): single-use, bound to the user and merchant it was issued for,
 * short-lived. Only its SHA-256 is kept.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: id(),
    token_hash: text().notNull(),
    provider: text({ enum: INTEGRATION_PROVIDERS }).notNull(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The app origin the connect flow started on (one of the allowed ones), where FreshBooks sends it back. */
    return_origin: text(),
    expires_at: at().notNull(),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('oauth_states_token_hash_idx').on(table.token_hash),
    index('oauth_states_expires_idx').on(table.expires_at),
  ],
);

/**
 * Codes issued by the embedded FreshBooks sandbox's authorization page, exchanged like real ones: single-use, for
 * the redirect URI they were issued to, 10 minutes. Only their SHA-256 is kept.
 */
export const freshbooksSandboxCodes = pgTable(
  'freshbooks_sandbox_codes',
  {
    id: id(),
    code_hash: text().notNull(),
    redirect_uri: text().notNull(),
    expires_at: at().notNull(),
    used_at: at(),
    created: createdAt(),
  },
  (table) => [uniqueIndex('freshbooks_sandbox_codes_hash_idx').on(table.code_hash)],
);

/**
 * Refresh tokens the sandbox has already renewed a session with: like FreshBooks, it rotates refresh tokens and
 * refuses one used before. Only their SHA-256 is kept.
 */
export const freshbooksSandboxUsedRefreshTokens = pgTable('freshbooks_sandbox_used_refresh_tokens', {
  token_hash: text().primaryKey(),
  used_at: at().notNull(),
});

/**
 * Work on a provider that one request at a time may do across every API process (renewing a connection's tokens,
 * checking one customer): the request holding `key` until `held_until` does it; the others wait for it to finish.
 */
export const integrationLeases = pgTable('integration_leases', {
  key: text().primaryKey(),
  holder: uuid().notNull(),
  held_until: at().notNull(),
});

/**
 * A merchant's request budget with a provider (a token bucket): `tokens` left as of `refilled_at`, refilled at a
 * steady rate, so every API process together stays under the provider's rate limit.
 */
export const integrationRequestBudgets = pgTable(
  'integration_request_budgets',
  {
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text({ enum: INTEGRATION_PROVIDERS }).notNull(),
    tokens: doublePrecision().notNull(),
    refilled_at: at().notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchant_id, table.provider] })],
);

/** A device command (starter, locate) the provider refused or could not carry out. */
export const failedActions = pgTable(
  'failed_actions',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text({ enum: DEVICE_PROVIDERS }).notNull(),
    action: text({ enum: DEVICE_ACTIONS }).notNull(),
    device_id: text().notNull(),
    /** The customer account's external id when the command was sent from an account (kept if it is removed). */
    account_reference: text(),
    account_id: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    error_message: text().notNull(),
    is_resolvable: boolean().notNull(),
    status: text({ enum: FAILED_ACTION_STATUSES }).notNull().default('open'),
    /** Who marked it resolved, by hand or by a retry that succeeded, and when. */
    resolved_at: at(),
    resolved_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (table) => [
    index('failed_actions_merchant_created_idx').on(table.merchant_id, sql`${table.created} desc`, table.id),
    index('failed_actions_merchant_provider_created_idx').on(
      table.merchant_id,
      table.provider,
      sql`${table.created} desc`,
      table.id,
    ),
  ],
);
