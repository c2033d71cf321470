import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  logo: text(),
  in_legacy_app: boolean().notNull().default(false),
  created: createdAt(),
});

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    logo: text(),
    in_legacy_app: boolean().notNull().default(false),
    check_custom_roles: boolean().notNull().default(false),
    allow_group_message: boolean().notNull().default(false),
    is_integrated: boolean().notNull().default(false),
    timezone: text().notNull().default('America/New_York'),
    created: createdAt(),
  },
  (table) => [
    index('merchants_organization_idx').on(table.organization_id),
    // Lists: (owner, sort key, id); the merchants list has no owner column (super users see all of them).
    index('merchants_name_id_idx').on(table.name, table.id),
    // Also merchants_name_trgm_idx (gin, pg_trgm) for `%search%`, in the custom migration 0003_trigram_search.sql.
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    password_hash: text(),
    first_name: text().notNull().default(''),
    last_name: text().notNull().default(''),
    organization_id: uuid().references(() => organizations.id),
    is_active: boolean().notNull().default(true),
    is_pending: boolean().notNull().default(false),
    is_super_user: boolean().notNull().default(false),
    created: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

/**
 * What the app remembers for a user between sessions: the merchant they used last (sessions start on it while they
 * can still act for it). Its own table, so that remembering it does not bump the user access version (migration
 * 0018), which a change to `users` does.
 */
export const userPreferences = pgTable('user_preferences', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  last_merchant_id: uuid().references(() => merchants.id, { onDelete: 'set null' }),
  updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const customRoles = pgTable(
  'custom_roles',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    role_name: text().notNull(),
    role_description: text().notNull().default(''),
    /** Names of the permission flags this role grants. */
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    min_merchant_payment_amount: integer(),
    max_merchant_payment_amount: integer(),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('custom_roles_merchant_name_idx').on(table.merchant_id, sql`lower(${table.role_name})`),
    index('custom_roles_merchant_list_idx').on(table.merchant_id, table.role_name, table.id),
  ],
);

export const roleGrants = pgTable(
  'role_grants',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    role: text({ enum: ['super_admin', 'admin', 'staff', 'custom'] }).notNull(),
    custom_role_id: uuid().references(() => customRoles.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('role_grants_user_merchant_idx').on(table.user_id, table.merchant_id),
    index('role_grants_merchant_idx').on(table.merchant_id),
    check('role_grants_custom_role_check', sql`(${table.role} = 'custom') = (${table.custom_role_id} is not null)`),
  ],
);

/**
 * Users disabled at a merchant: the role they lost there (so a user manager can re-enable them with it) and when.
 * `role_grants` keeps meaning "holds a role now"; this table is the merchant's record of former users
 * (docs/decisions/0010-user-management.md). A row goes when the user gets a role there again.
 */
export const merchantDisabledUsers = pgTable(
  'merchant_disabled_users',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    role: text({ enum: ['super_admin', 'admin', 'staff', 'custom'] }).notNull(),
    custom_role_id: uuid().references(() => customRoles.id, { onDelete: 'set null' }),
    disabled_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    disabled_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('merchant_disabled_users_user_merchant_idx').on(table.user_id, table.merchant_id),
    index('merchant_disabled_users_merchant_idx').on(table.merchant_id),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid().primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares a family; replaying a used token revokes the family. */
    family_id: uuid().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    revoked_at: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.family_id),
    index('refresh_tokens_user_idx').on(table.user_id),
  ],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['password_reset', 'signup', 'invite', 'sso'] }).notNull(),
    merchant_id: uuid().references(() => merchants.id, { onDelete: 'cascade' }),
    /** For invites: the role the user gets on the merchant when they accept. */
    role: text({ enum: ['super_admin', 'admin', 'staff', 'custom'] }),
    custom_role_id: uuid().references(() => customRoles.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.user_id)],
);

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    /** `email:<lowercased email>` or `ip:<address>`. */
    throttle_key: text().notNull(),
    created: createdAt(),
  },
  (table) => [index('sign_in_failures_key_idx').on(table.throttle_key, table.created)],
);

/** Single-use tickets that open the live events socket (`/ws/events/?ticket=`), so no access token sits in a URL. */
export const wsTickets = pgTable('ws_tickets', {
  /** sha256 of the ticket, hex. */
  token_hash: text().primaryKey(),
  user_id: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The sign-in (refresh family) the ticket was asked for: its socket lives only as long as that sign-in. */
  family_id: uuid().notNull(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
});
