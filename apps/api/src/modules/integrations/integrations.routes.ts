import {
  DEVICE_ACCOUNT_FIELD,
  integrationEndpoints as endpoints,
  ituranEndpoints,
  passtimeEndpoints,
} from '@paydesk/domain/integrations/integrations.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import {
  connectFreshbooks,
  createOauthLinks,
  disconnectFreshbooks,
  getDeviceSettings,
  listConnections,
  listFailedActions,
  saveDeviceCredentials,
  testDeviceConnection,
} from './integrations.service';
import { setAccountDevice } from './account-device';
import { resolveFailedAction } from './resolve-failed-action';
import { sendAccountDeviceAction } from './send-account-device-action';
import { retryFailedAction } from './retry-failed-action';

export const integrationsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) =>
    listConnections(ctx.db, merchantAccessOf(request).merchant.id),
  );

  registerEndpoint(app, endpoints.oauthLinks, async (request) =>
    createOauthLinks(ctx, principalOf(request).user, request.query.merchant, request.query.origin),
  );

  registerEndpoint(app, endpoints.freshbooksConnect, async (request) =>
    connectFreshbooks(ctx, principalOf(request).user, request.body),
  );

  registerEndpoint(app, endpoints.freshbooksDisconnect, async (request) => {
    await disconnectFreshbooks(ctx, principalOf(request).user, merchantAccessOf(request).merchant.id);
  });

  registerEndpoint(app, passtimeEndpoints.get, async (request) =>
    getDeviceSettings(ctx, merchantAccessOf(request).merchant.id, 'passtime'),
  );
  registerEndpoint(app, passtimeEndpoints.save, async (request) => {
    const { [DEVICE_ACCOUNT_FIELD.passtime]: account_id, username, password } = request.body;
    return saveDeviceCredentials(ctx, principalOf(request).user, merchantAccessOf(request).merchant.id, 'passtime', {
      account_id,
      username,
      password,
    });
  });
  registerEndpoint(app, passtimeEndpoints.test, async (request) =>
    testDeviceConnection(ctx, merchantAccessOf(request).merchant.id, 'passtime'),
  );

  registerEndpoint(app, ituranEndpoints.get, async (request) =>
    getDeviceSettings(ctx, merchantAccessOf(request).merchant.id, 'ituran'),
  );
  registerEndpoint(app, ituranEndpoints.save, async (request) => {
    const { [DEVICE_ACCOUNT_FIELD.ituran]: account_id, username, password } = request.body;
    return saveDeviceCredentials(ctx, principalOf(request).user, merchantAccessOf(request).merchant.id, 'ituran', {
      account_id,
      username,
      password,
    });
  });
  registerEndpoint(app, ituranEndpoints.test, async (request) =>
    testDeviceConnection(ctx, merchantAccessOf(request).merchant.id, 'ituran'),
  );

  registerEndpoint(app, endpoints.linkAccountDevice, async (request) => {
    const { id, customerId, accountId } = request.params;
    const { provider, device_id } = request.body;
    await setAccountDevice(ctx, id, customerId, accountId, { provider, device_id }, principalOf(request).user);
    return { provider, device_id };
  });
  registerEndpoint(app, endpoints.unlinkAccountDevice, async (request) => {
    const { id, customerId, accountId } = request.params;
    await setAccountDevice(ctx, id, customerId, accountId, null, principalOf(request).user);
  });
  registerEndpoint(app, endpoints.accountDeviceAction, async (request) => {
    const { customerId, accountId } = request.params;
    return sendAccountDeviceAction(
      ctx,
      merchantAccessOf(request),
      principalOf(request).user,
      { customerId, accountId },
      request.body,
    );
  });

  registerEndpoint(app, endpoints.failedActions, async (request) => {
    const { count, rows } = await listFailedActions(ctx.db, merchantAccessOf(request), {
      provider: request.query.provider,
      ...pageBounds(request.query),
    });
    return toPage(request, request.query, count, rows);
  });
  registerEndpoint(app, endpoints.resolveFailedAction, async (request) =>
    resolveFailedAction(ctx, merchantAccessOf(request), principalOf(request).user, request.params.aid),
  );

  registerEndpoint(app, endpoints.retryFailedAction, async (request) =>
    retryFailedAction(ctx, merchantAccessOf(request), principalOf(request).user, request.params.aid),
  );
};
