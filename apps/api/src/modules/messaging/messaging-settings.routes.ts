import { messagingSettingsEndpoints as endpoints } from '@paydesk/domain/messaging/messaging-settings.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { principalOf } from '../../plugins/auth';
import { changeMessagingSettings } from './change-messaging-settings';
import { addSendingNumber, removeSendingNumber } from './change-sending-numbers';
import { changeTwilioAccount } from './change-twilio-account';
import { messagingSettingsView, requireMerchant } from './messaging-settings';

/** A merchant's messaging settings (administrators) and its Twilio account and sending numbers (super users). */
export const messagingSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.get, async (request) => messagingSettingsView(ctx.db, request.params.id));

  registerEndpoint(app, endpoints.replace, async (request) => {
    await changeMessagingSettings(ctx, request.params.id, request.body, principalOf(request).user);
    return messagingSettingsView(ctx.db, request.params.id);
  });

  registerEndpoint(app, endpoints.twilio, async (request) => {
    const merchant = await requireMerchant(ctx.db, request.params.id);
    await changeTwilioAccount(ctx, merchant.id, request.body, principalOf(request).user);
    return messagingSettingsView(ctx.db, merchant.id);
  });

  registerEndpoint(app, endpoints.addNumber, async (request) => {
    const merchant = await requireMerchant(ctx.db, request.params.id);
    return addSendingNumber(ctx, merchant.id, request.body, principalOf(request).user);
  });

  registerEndpoint(app, endpoints.removeNumber, async (request) => {
    const merchant = await requireMerchant(ctx.db, request.params.id);
    await removeSendingNumber(ctx, merchant.id, request.params.nid, principalOf(request).user);
  });
};
