import { paymentEndpoints as endpoints } from '@paydesk/domain/payments/payments.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { lookupCardBin } from './lookup-bin';

export const binsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  registerEndpoint(app, endpoints.bin, async (request) => lookupCardBin(ctx, request.params.bin));
};
