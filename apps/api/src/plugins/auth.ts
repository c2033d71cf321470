import { meetsRequirement } from '@paydesk/domain/access/requirements';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { HttpError, notAuthenticated, notFound, permissionDenied } from '../lib/http-errors';
import { InvalidTokenError, verifyAccessToken, type AccessTokenClaims } from '../lib/tokens';
import { isSignInActive } from '../modules/auth/auth.public';
import { redeemWsTicket } from '../modules/live/live.public';
import { findActiveUser, findMerchantAccess, type MerchantAccess, type UserRow } from '../modules/users/users.public';
import { userChangedEvent } from '../modules/users/users.public';

/** A caller signed in with an access token (every /api route). */
export type TokenPrincipal = { user: UserRow; claims: AccessTokenClaims };
/**
 * A socket opened with a ticket (`/ws/events/?ticket=`, `/ws/chat/{customerId}/?token=`): a user and the sign-in the
 * ticket was asked for.
 */
export type TicketPrincipal = { user: UserRow; claims: null; familyId: string };
/** Who made a request. */
export type Principal = TokenPrincipal | TicketPrincipal;

/** How long a process may reuse an active user it read, when no change event reaches it (e.g. a lost LISTEN). */
export const ACTIVE_USER_TTL_MS = 5_000;

/**
 * The active users this process has read recently, each with the state of the sign-ins (refresh families) its
 * access tokens named; `forget` drops a user and their sign-ins at once (see `publishUserChanged`, which logout and
 * password changes call too).
 */
export type ActiveUsers = {
  find(id: string): Promise<UserRow | null>;
  /** The user, when active and the sign-in `familyId` still stands (not logged out, not revoked). */
  findSignedIn(id: string, familyId: string): Promise<UserRow | null>;
  forget(id: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    activeUsers: ActiveUsers;
  }
  interface FastifyRequest {
    principal: Principal | null;
    merchantAccess: MerchantAccess | null;
  }
}

type CachedUser = { user: UserRow; signIns: Map<string, boolean> };

function createActiveUsers(db: Db): ActiveUsers {
  const cache = new LRUCache<string, CachedUser>({ max: 10_000, ttl: ACTIVE_USER_TTL_MS });
  // Bumped by every forget: a read that was in flight when a user changed must not put the old row back.
  let generation = 0;
  async function findEntry(id: string): Promise<CachedUser | null> {
    const cached = cache.get(id);
    if (cached) return cached;
    const startedAt = generation;
    const user = await findActiveUser(db, id);
    if (!user) return null;
    const entry = { user, signIns: new Map<string, boolean>() };
    if (generation === startedAt) cache.set(id, entry);
    return entry;
  }
  return {
    async find(id) {
      return (await findEntry(id))?.user ?? null;
    },
    async findSignedIn(id, familyId) {
      const startedAt = generation;
      const entry = await findEntry(id);
      if (!entry) return null;
      let active = entry.signIns.get(familyId);
      if (active === undefined) {
        active = await isSignInActive({ db }, id, familyId);
        if (generation === startedAt) entry.signIns.set(familyId, active);
      }
      return active ? entry.user : null;
    },
    forget(id) {
      generation += 1;
      cache.delete(id);
    },
  };
}

const tokenNotValid = () => new HttpError('token_not_valid');

/** The signed-in principal of a request that passed authentication. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}

/** The principal of a request authenticated by its access token (not a ticket). */
export function tokenPrincipalOf(request: FastifyRequest): TokenPrincipal {
  const principal = principalOf(request);
  if (!principal.claims) throw notAuthenticated();
  return principal;
}

export function merchantAccessOf(request: FastifyRequest): MerchantAccess {
  if (!request.merchantAccess) throw notFound();
  return request.merchantAccess;
}

function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null;
}

/**
 * WebSocket upgrades authenticate with a ticket from `POST /api/ws-ticket/` (browsers cannot set their headers,
 * and an access token in a URL ends up in logs): used up here, whatever happens next. SPEC §7 names the chat
 * socket's parameter `token`; it takes a ticket all the same, never an access token.
 */
async function readTicketPrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const query = request.query as Record<string, unknown> | undefined;
  const ticket = query?.ticket ?? query?.token;
  if (typeof ticket !== 'string' || !ticket) throw notAuthenticated();
  const signIn = await redeemWsTicket(app.database.db, ticket);
  // A ticket asked for before its sign-in ended (logout, password change) opens nothing after.
  const user = signIn ? await app.activeUsers.findSignedIn(signIn.userId, signIn.familyId) : null;
  if (!user || !signIn) throw tokenNotValid();
  return { user, claims: null, familyId: signIn.familyId };
}

async function readTokenPrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const token = readAccessToken(request);
  if (!token) throw notAuthenticated();
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(app.config.JWT_SECRET ?? '', token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw tokenNotValid();
    throw error;
  }
  // The token's sign-in (refresh family) must still stand: logout and password changes end it at once.
  const user = await app.activeUsers.findSignedIn(claims.sub, claims.fam);
  if (!user) throw tokenNotValid();
  return { user, claims };
}

/**
 * Enforces each route's declared access before anything else runs: 401 without a valid token of an active
 * user, 404 for a merchant that is not the user's, 403 for a permission the user lacks there.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('merchantAccess', null);
  app.decorate('activeUsers', createActiveUsers(app.database.db));

  // Other API processes publish the users they changed; the event bus is registered after this plugin.
  let unsubscribe = () => {};
  app.addHook('onReady', async () => {
    const off = app.events.subscribe(userChangedEvent, ({ user_id }) => app.activeUsers.forget(user_id));
    unsubscribe = () => void off();
  });
  app.addHook('onClose', async () => unsubscribe());

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;

    request.principal = request.ws ? await readTicketPrincipal(app, request) : await readTokenPrincipal(app, request);
    const { user } = request.principal;

    if (access.kind === 'super_user' && !user.is_super_user) throw permissionDenied();
    if (access.kind === 'merchant') {
      const merchantId = (request.params as Record<string, unknown>)[access.param];
      const merchantAccess = await findMerchantAccess(app.database.db, user, merchantId);
      if (!merchantAccess) throw notFound();
      if (
        access.requirement &&
        !meetsRequirement(access.requirement, { roles: merchantAccess.accessRoles, merchant: merchantAccess.merchant })
      ) {
        throw permissionDenied();
      }
      request.merchantAccess = merchantAccess;
    }
  });
});
