import { onboardingEndpoints as endpoints } from '@paydesk/domain/onboarding/onboarding.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { principalOf } from '../../plugins/auth';
import { getBusinessDetails, onboardingSummary, saveBusinessDetails, toBusinessDetailsDto } from './onboarding.service';

export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.businessDetails, async (request) =>
    toBusinessDetailsDto(await getBusinessDetails(ctx, request.params.id)),
  );

  registerEndpoint(app, endpoints.saveBusinessDetails, async (request) =>
    toBusinessDetailsDto(await saveBusinessDetails(ctx, request.params.id, request.body, principalOf(request).user)),
  );

  registerEndpoint(app, endpoints.summary, async (request) => onboardingSummary(ctx, request.params.id));
};
