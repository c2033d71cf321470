import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_REQUIREMENTS, meetsRequirement, type RoleRequirement } from '@paydesk/domain/access/requirements';
import {
  DEVICE_ACCOUNT_FIELD,
  DEVICE_PROVIDER_ACCESS,
  DEVICE_PROVIDERS,
  INTEGRATION_PROVIDERS,
  PROVIDER_LABELS,
  type Connection,
  type ConnectionTest,
  type DeviceProvider,
  type FailedAction,
  type IntegrationProvider,
  type IturanSettings,
  type OauthLink,
  type PasstimeSettings,
} from '@paydesk/domain/integrations/integrations.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import type { Db } from '../../db/client';
import { appOriginsOf, appUrlOf, appUrlOn } from '../../lib/app-url';
import { FieldErrors, HttpError, notFound, permissionDenied } from '../../lib/http-errors';
import { withTransaction, type ProviderContext, type ServiceContext } from '../../lib/service-context';
import type { DeviceCredentials } from '../../providers/devices/device-provider';
import {
  FreshbooksAuthorizationError,
  FreshbooksCodeError,
  FreshbooksSyncError,
  freshbooksSessionExpired,
  type FreshbooksClient,
  type FreshbooksSession,
  type FreshbooksTokens,
} from '../../providers/freshbooks/freshbooks-provider';
import { recordChange, type Actor } from '../audit/audit.public';
import { findActiveUser, findMerchantAccess, type MerchantAccess, type UserRow } from '../users/users.public';
import { exclusively } from './integration-limits';
import {
  deleteExpiredOauthStates,
  findConnection,
  findConnections,
  markConnectionRefused,
  findConnectionWithActor,
  findFailedActions,
  findOauthState,
  insertOauthState,
  takeOauthState,
  updateConnection,
  upsertConnection,
  type ConnectionRow,
  type ConnectionWithActor,
  type FailedActionRow,
} from './integrations.repository';

/** How long a connect link's state may be used. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Where FreshBooks sends the browser back: the web app's /freshbooks/auth/:code screen, on the app address the
 * flow started from (`appUrl`, one of the allowed ones; never a request header), PUBLIC_URL by default.
 */
export function freshbooksRedirectUri(ctx: Pick<ServiceContext, 'config'>, appUrl = appUrlOf(ctx.config)): string {
  return `${appUrl}/freshbooks/auth`;
}

/** Every redirect URI a connect flow may use: one per allowed app origin (register each with FreshBooks). */
export function freshbooksRedirectUris(ctx: Pick<ServiceContext, 'config'>): string[] {
  return [
    ...new Set([
      freshbooksRedirectUri(ctx),
      ...appOriginsOf(ctx.config).map((origin) => freshbooksRedirectUri(ctx, origin)),
    ]),
  ];
}

function holds(access: MerchantAccess, requirement: RoleRequirement): boolean {
  return meetsRequirement(requirement, { roles: access.accessRoles, merchant: access.merchant });
}

/** The user's access to a merchant named outside the path: 404 when it is not theirs, 403 without the requirement. */
async function requireAccess(db: Db, user: UserRow, merchantId: unknown, requirement: RoleRequirement) {
  const access = await findMerchantAccess(db, user, merchantId);
  if (!access) throw notFound();
  if (!holds(access, requirement)) throw permissionDenied();
  return access;
}

// ---------------------------------------------------------------------------------------------------------------
// Connections

function toConnectionDto(provider: IntegrationProvider, row: ConnectionWithActor | undefined): Connection {
  return {
    provider,
    status: row?.status ?? 'disconnected',
    account_label: row?.account_label ?? '',
    connected_by: row?.connected_by_name ?? null,
    connected_at: iso(row?.connected_at ?? null),
    last_tested_at: iso(row?.last_tested_at ?? null),
    last_error: row?.last_error ?? null,
  };
}

export async function listConnections(db: Db, merchantId: string): Promise<{ results: Connection[] }> {
  const rows = await findConnections(db, merchantId);
  return {
    results: INTEGRATION_PROVIDERS.map((provider) =>
      toConnectionDto(
        provider,
        rows.find((row) => row.provider === provider),
      ),
    ),
  };
}

/** What the audit log shows of a connection: never its sealed credentials. */
function auditView(
  row: ConnectionRow | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> | null {
  if (!row) return null;
  return { status: row.status, account_label: row.account_label, ...extra };
}

// ---------------------------------------------------------------------------------------------------------------
// FreshBooks OAuth

/**
 * A connect link for the merchant. `origin` is the app address the user is on (`location.origin`): FreshBooks
 * sends them back there, so the browser keeps its sign-in, when it is one of the app's allowed origins; any other
 * value falls back to PUBLIC_URL. The state row keeps it for the code exchange.
 */
export async function createOauthLinks(
  ctx: ProviderContext,
  user: UserRow,
  merchantId: string,
  origin?: string,
): Promise<{ results: OauthLink[] }> {
  const access = await requireAccess(ctx.db, user, merchantId, ACCESS_REQUIREMENTS.integrationSettings);
  const now = ctx.clock();
  const state = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
  await deleteExpiredOauthStates(ctx.db, now);
  const appUrl = appUrlOn(ctx.config, origin);
  await insertOauthState(ctx.db, {
    token_hash: sha256(state),
    provider: 'freshbooks',
    user_id: user.id,
    merchant_id: access.merchant.id,
    return_origin: appUrl,
    expires_at: expiresAt,
    created: now,
  });
  return {
    results: [
      {
        provider: 'freshbooks',
        url: ctx.providers.freshbooks.authorizationUrl(state, freshbooksRedirectUri(ctx, appUrl)),
        expires_at: expiresAt.toISOString(),
      },
    ],
  };
}

/**
 * Whether `state` belongs to a FreshBooks connection under way: issued by `createOauthLinks`, not used, not expired,
 * to a user who is still active and still manages the merchant's integrations (the sandbox's authorization page
 * serves nobody else).
 */
export async function isPendingFreshbooksConnection(ctx: ServiceContext, state: string): Promise<boolean> {
  const row = await findOauthState(ctx.db, sha256(state));
  if (!row || row.provider !== 'freshbooks' || row.expires_at <= ctx.clock()) return false;
  const user = await findActiveUser(ctx.db, row.user_id);
  const access = user ? await findMerchantAccess(ctx.db, user, row.merchant_id) : null;
  return access !== null && holds(access, ACCESS_REQUIREMENTS.integrationSettings);
}

/**
 * Finishes connecting FreshBooks: the state must be one this user was given (used up here, once), still fresh;
 * the user must still manage the merchant's integrations; the code is exchanged through the provider and the
 * tokens kept sealed.
 */
export async function connectFreshbooks(
  ctx: ProviderContext,
  user: UserRow,
  input: { code: string; state: string },
): Promise<{ merchant_id: string; connection: Connection }> {
  const now = ctx.clock();
  const state = await takeOauthState(ctx.db, sha256(input.state), user.id);
  if (!state || state.provider !== 'freshbooks' || state.expires_at <= now) {
    throw new HttpError('integration.state_invalid');
  }
  const merchantId = state.merchant_id;
  await requireAccess(ctx.db, user, merchantId, ACCESS_REQUIREMENTS.integrationSettings);
  let tokens: FreshbooksTokens;
  try {
    // The redirect URI of the authorization, as FreshBooks requires: the app address the flow started from.
    const appUrl = appUrlOn(ctx.config, state.return_origin);
    tokens = await ctx.providers.freshbooks.exchangeCode(input.code, freshbooksRedirectUri(ctx, appUrl));
  } catch (error) {
    if (error instanceof FreshbooksCodeError) throw new HttpError('integration.code_invalid');
    // FreshBooks down or answering something unexpected: the error names no secret (the adapter never puts one in).
    ctx.log.warn({ err: error, merchantId }, 'FreshBooks code exchange failed');
    throw new HttpError('service_unavailable', 'FreshBooks could not be reached. Please try again shortly.');
  }
  const { account_name: accountName, ...secrets } = tokens;
  await withTransaction(ctx, async (tx) => {
    const before = await findConnection(tx.db, merchantId, 'freshbooks', { lock: true });
    const after = await upsertConnection(tx.db, merchantId, 'freshbooks', {
      status: 'connected',
      account_label: accountName,
      credentials_sealed: tx.cipher.encrypt(JSON.stringify(secrets)),
      connected_by: user.id,
      connected_at: now,
      last_error: null,
    });
    await recordChange(tx, {
      merchantId,
      actor: user,
      kind: 'integration',
      action: 'connected',
      subjectId: after.id,
      subjectLabel: PROVIDER_LABELS.freshbooks,
      before: before?.status === 'connected' ? auditView(before) : null,
      after: auditView(after),
    });
  });
  const row = await findConnectionWithActor(ctx.db, merchantId, 'freshbooks');
  return { merchant_id: merchantId, connection: toConnectionDto('freshbooks', row) };
}

/** Idempotent, like DELETE: a merchant without a FreshBooks connection is left as it is. */
export async function disconnectFreshbooks(ctx: ServiceContext, actor: Actor, merchantId: string) {
  await withTransaction(ctx, async (tx) => {
    const before = await findConnection(tx.db, merchantId, 'freshbooks', { lock: true });
    if (!before || before.status === 'disconnected') return;
    const after = await updateConnection(tx.db, before.id, {
      status: 'disconnected',
      credentials_sealed: null,
      last_error: null,
    });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'integration',
      action: 'disconnected',
      subjectId: after.id,
      subjectLabel: PROVIDER_LABELS.freshbooks,
      before: auditView(before),
      after: auditView(after),
    });
  });
}

/** The merchant's FreshBooks clients with these ids, or `connected: false` when FreshBooks is not connected. */
export type FreshbooksLookup =
  { connected: false } | { connected: true; clients: Map<string, FreshbooksClient | null> };

/** How long a renewal of FreshBooks tokens may take before another request may try (its process died). */
const REFRESH_LEASE_MS = 60_000;

/** The session of a working connection: none once disconnected or refused by FreshBooks (status `error`). */
const sessionOf = (ctx: ServiceContext, row: ConnectionRow | undefined): FreshbooksSession | null =>
  row && row.status === 'connected' && row.credentials_sealed
    ? (JSON.parse(ctx.cipher.decrypt(row.credentials_sealed)) as FreshbooksSession)
    : null;

/** Whether the merchant's FreshBooks connection can be used (connected, and not refused since). */
export async function freshbooksConnected(ctx: ServiceContext, merchantId: string): Promise<boolean> {
  return sessionOf(ctx, await findConnection(ctx.db, merchantId, 'freshbooks')) !== null;
}

/**
 * Runs a FreshBooks call with the session `sealed` holds. When FreshBooks refuses the connection itself, the
 * connection is marked so (status `error` with the reason, its dead tokens dropped): lookups stop calling FreshBooks
 * and Settings → Integrations asks an admin to connect it again. Rethrows every error.
 */
async function withRefusalMarked<T>(
  ctx: ServiceContext,
  connectionId: string,
  sealed: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FreshbooksAuthorizationError) {
      const marked = await markConnectionRefused(ctx.db, connectionId, sealed, error.message);
      if (marked) ctx.log.warn({ connectionId }, 'FreshBooks refused the connection; marked for reconnecting');
    }
    throw error;
  }
}

/** A usable session and the sealed text it was read from (or stored as). */
type LiveSession = { session: FreshbooksSession; sealed: string };

/**
 * The connection's session with an access token that has not expired. FreshBooks rotates refresh tokens, so one
 * request at a time renews them (across processes, through a lease on the connection); it re-reads the row first
 * and keeps a session another request renewed meanwhile. The others wait for it and use what it stored.
 */
async function liveSession(ctx: ProviderContext, merchantId: string, row: ConnectionRow): Promise<LiveSession> {
  const stored = sessionOf(ctx, row);
  if (!stored || !row.credentials_sealed) throw new FreshbooksSyncError('FreshBooks was disconnected.');
  if (!freshbooksSessionExpired(stored, ctx.clock())) return { session: stored, sealed: row.credentials_sealed };
  const renewal = await exclusively(ctx, `freshbooks.refresh:${row.id}`, REFRESH_LEASE_MS, async () => {
    const currentRow = await findConnection(ctx.db, merchantId, 'freshbooks');
    const current = sessionOf(ctx, currentRow);
    if (!currentRow?.credentials_sealed || !current) throw new FreshbooksSyncError('FreshBooks was disconnected.');
    if (!freshbooksSessionExpired(current, ctx.clock())) {
      return { session: current, sealed: currentRow.credentials_sealed };
    }
    const sealedBefore = currentRow.credentials_sealed;
    const renewed = await withRefusalMarked(ctx, currentRow.id, sealedBefore, () =>
      ctx.providers.freshbooks.refresh(current),
    );
    const sealed = ctx.cipher.encrypt(JSON.stringify(renewed));
    await updateConnection(ctx.db, row.id, { credentials_sealed: sealed });
    return { session: renewed, sealed };
  });
  if (renewal.ran) return renewal.value;
  const renewedRow = await findConnection(ctx.db, merchantId, 'freshbooks');
  const renewed = sessionOf(ctx, renewedRow);
  if (!renewedRow?.credentials_sealed || !renewed || freshbooksSessionExpired(renewed, ctx.clock())) {
    throw new FreshbooksSyncError('FreshBooks did not renew the connection.');
  }
  return { session: renewed, sealed: renewedRow.credentials_sealed };
}

/**
 * Reads clients through the merchant's FreshBooks connection (no transaction is open around the network call),
 * renewing its tokens first when they have expired. A session the provider changed is sealed back. Throws
 * whatever the provider throws (FreshbooksSyncError when FreshBooks cannot answer); callers decide whether that
 * fails their request.
 */
export async function findFreshbooksClients(
  ctx: ProviderContext,
  merchantId: string,
  externalIds: readonly string[],
): Promise<FreshbooksLookup> {
  const row = await findConnection(ctx.db, merchantId, 'freshbooks');
  if (!row || !sessionOf(ctx, row)) return { connected: false };
  const { session, sealed } = await liveSession(ctx, merchantId, row);
  const found = await withRefusalMarked(ctx, row.id, sealed, () =>
    ctx.providers.freshbooks.findClients(session, externalIds),
  );
  const accountId = found.session.account_id;
  if (accountId && accountId !== session.account_id) {
    // Only the account id the provider looked up is new: it joins whatever tokens are stored by now (another
    // request may have renewed them meanwhile, and its tokens must not be replaced by older ones).
    await withTransaction(ctx, async (tx) => {
      const current = await findConnection(tx.db, merchantId, 'freshbooks', { lock: true });
      const stored = sessionOf(tx, current);
      if (!current || !stored) return;
      const sealed = tx.cipher.encrypt(JSON.stringify({ ...stored, account_id: accountId }));
      await updateConnection(tx.db, current.id, { credentials_sealed: sealed });
    });
  }
  return { connected: true, clients: found.clients };
}

// ---------------------------------------------------------------------------------------------------------------
// PassTime and Ituran settings

export function readCredentials(ctx: ServiceContext, row: ConnectionRow | undefined): DeviceCredentials | null {
  if (!row?.credentials_sealed) return null;
  return JSON.parse(ctx.cipher.decrypt(row.credentials_sealed)) as DeviceCredentials;
}

type DeviceSettings<P extends DeviceProvider> = P extends 'passtime' ? PasstimeSettings : IturanSettings;

function toDeviceSettings<P extends DeviceProvider>(
  ctx: ServiceContext,
  provider: P,
  row: ConnectionWithActor | undefined,
): DeviceSettings<P> {
  const credentials = readCredentials(ctx, row);
  return {
    provider,
    [DEVICE_ACCOUNT_FIELD[provider]]: credentials?.account_id ?? '',
    status: row?.status ?? 'disconnected',
    username: credentials?.username ?? '',
    has_password: Boolean(credentials?.password),
    connected_by: row?.connected_by_name ?? null,
    connected_at: iso(row?.connected_at ?? null),
    last_tested_at: iso(row?.last_tested_at ?? null),
    last_error: row?.last_error ?? null,
  } as DeviceSettings<P>;
}

export async function getDeviceSettings<P extends DeviceProvider>(
  ctx: ServiceContext,
  merchantId: string,
  provider: P,
): Promise<DeviceSettings<P>> {
  return toDeviceSettings(ctx, provider, await findConnectionWithActor(ctx.db, merchantId, provider));
}

/** The audit view of credentials: the password by its digest, which the log masks (a change still shows). */
function credentialsView(provider: DeviceProvider, credentials: DeviceCredentials | null): Record<string, unknown> {
  if (!credentials) return {};
  return {
    [DEVICE_ACCOUNT_FIELD[provider]]: credentials.account_id,
    username: credentials.username,
    password: sha256(credentials.password),
  };
}

/**
 * Saves a merchant's PassTime or Ituran login once the provider accepts it. The provider is asked first, outside
 * any transaction; a refusal answers field errors on the user name and password and changes nothing (like every
 * refused request: the stored login, if any, is not the one refused, and the screen shows the refusal). Saving the
 * stored, connected login again asks nothing.
 */
export async function saveDeviceCredentials<P extends DeviceProvider>(
  ctx: ProviderContext,
  actor: NonNullable<Actor>,
  merchantId: string,
  provider: P,
  input: { account_id: string; username: string; password?: string | undefined },
): Promise<DeviceSettings<P>> {
  const current = await findConnection(ctx.db, merchantId, provider);
  const stored = readCredentials(ctx, current);
  const password = input.password ?? stored?.password;
  if (!password) throw FieldErrors.of('password', REQUIRED);
  const credentials: DeviceCredentials = { account_id: input.account_id, username: input.username, password };
  if (!(current?.status === 'connected' && sameCredentials(stored, credentials))) {
    const check = await ctx.providers.devices[provider].testConnection(credentials);
    if (!check.ok) throw new FieldErrors({ username: [check.message], password: [check.message] });
  }
  await withTransaction(ctx, async (tx) => {
    const before = await findConnection(tx.db, merchantId, provider, { lock: true });
    const storedBefore = readCredentials(tx, before);
    if (before?.status === 'connected' && sameCredentials(storedBefore, credentials)) return;
    const now = tx.clock();
    const after = await upsertConnection(tx.db, merchantId, provider, {
      status: 'connected',
      account_label: credentials.account_id,
      credentials_sealed: tx.cipher.encrypt(JSON.stringify(credentials)),
      connected_by: actor.id,
      connected_at: now,
      last_tested_at: now,
      last_error: null,
    });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'integration',
      action: before ? 'updated' : 'created',
      subjectId: after.id,
      subjectLabel: PROVIDER_LABELS[provider],
      before: before ? auditView(before, credentialsView(provider, storedBefore)) : null,
      after: auditView(after, credentialsView(provider, credentials)),
    });
  });
  return getDeviceSettings(ctx, merchantId, provider);
}

const sameCredentials = (stored: DeviceCredentials | null, next: DeviceCredentials) =>
  stored?.account_id === next.account_id && stored.username === next.username && stored.password === next.password;

export async function testDeviceConnection(
  ctx: ProviderContext,
  merchantId: string,
  provider: DeviceProvider,
): Promise<ConnectionTest> {
  const row = await findConnection(ctx.db, merchantId, provider);
  const credentials = readCredentials(ctx, row);
  if (!row || !credentials) throw new HttpError('integration.not_connected');
  const result = await ctx.providers.devices[provider].testConnection(credentials);
  const testedAt = ctx.clock();
  await updateConnection(ctx.db, row.id, {
    status: result.ok ? 'connected' : 'error',
    last_tested_at: testedAt,
    last_error: result.ok ? null : result.message,
  });
  return { ok: result.ok, message: result.message, tested_at: testedAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------------------------
// Device actions and failed actions

export function toFailedActionDto(row: FailedActionRow): FailedAction {
  return {
    id: row.id,
    provider: row.provider,
    action: row.action,
    device_id: row.device_id,
    account_reference: row.account_reference,
    account_id: row.account_id,
    customer_id: row.customer_id,
    error_message: row.error_message,
    is_resolvable: row.is_resolvable,
    status: row.status,
    resolved_at: iso(row.resolved_at),
    resolved_by: row.resolved_by_name,
    created: row.created.toISOString(),
  };
}

/** The device providers whose settings and commands this user may use on the merchant. */
export function deviceProvidersOf(access: MerchantAccess): DeviceProvider[] {
  return DEVICE_PROVIDERS.filter((provider) => holds(access, DEVICE_PROVIDER_ACCESS[provider]));
}

export async function listFailedActions(
  db: Db,
  access: MerchantAccess,
  query: { provider?: DeviceProvider | undefined; limit: number; offset: number },
) {
  const allowed = deviceProvidersOf(access);
  if (query.provider && !allowed.includes(query.provider)) throw permissionDenied();
  const { count, rows } = await findFailedActions(db, access.merchant.id, {
    providers: query.provider ? [query.provider] : allowed,
    limit: query.limit,
    offset: query.offset,
  });
  return { count, rows: rows.map(toFailedActionDto) };
}
