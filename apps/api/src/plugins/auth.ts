import { meetsRequirement } from '@paydesk/domain/access/requirements';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notAuthenticated, notFound, permissionDenied } from '../lib/http-errors';
import { InvalidTokenError, verifyAccessToken, type AccessTokenClaims } from '../lib/tokens';
import { findActiveUser, findMerchantAccess, type MerchantAccess, type UserRow } from '../modules/users/users.service';

export type Principal = { user: UserRow; claims: AccessTokenClaims };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    merchantAccess: MerchantAccess | null;
  }
}

const tokenNotValid = () => new HttpError('token_not_valid');

/** The signed-in principal of a request that passed authentication. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}

export function merchantAccessOf(request: FastifyRequest): MerchantAccess {
  if (!request.merchantAccess) throw notFound();
  return request.merchantAccess;
}

/** The bearer token; WebSocket upgrades may pass it as `?token=` since browsers cannot set their headers. */
function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (bearer) return bearer;
  if (request.ws) {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  return null;
}

/**
 * Enforces each route's declared access before anything else runs: 401 without a valid token of an active
 * user, 404 for a merchant that is not the user's, 403 for a permission the user lacks there.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('merchantAccess', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;

    const token = readAccessToken(request);
    if (!token) throw notAuthenticated();
    let claims: AccessTokenClaims;
    try {
      claims = await verifyAccessToken(app.config.JWT_SECRET ?? '', token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw tokenNotValid();
      throw error;
    }
    const user = await findActiveUser(app.database.db, claims.sub);
    if (!user) throw tokenNotValid();
    request.principal = { user, claims };

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
