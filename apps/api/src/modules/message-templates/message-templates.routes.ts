import { messageTemplateEndpoints as endpoints } from '@paydesk/domain/message-templates/message-templates.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { principalOf } from '../../plugins/auth';
import { pageBounds, toPage } from '../../lib/pagination';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  removeTemplate,
  toTemplateDto,
} from './message-templates.service';
import { previewBodyForCustomer } from './preview-body';
import { renderForRandomCustomer } from './random-render';
import { renderTemplate } from './render-template';

export const messageTemplatesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { count, rows } = await listTemplates(ctx, request.params.id, {
      ...pageBounds(request.query),
      search: request.query.search,
      ordering: request.query.ordering,
    });
    return toPage(request, request.query, count, rows.map(toTemplateDto));
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toTemplateDto(await createTemplate(ctx, request.params.id, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.get, async (request) =>
    toTemplateDto(await getTemplate(ctx, request.params.id, request.params.tid)),
  );

  registerEndpoint(app, endpoints.replace, async (request) =>
    toTemplateDto(
      await changeTemplate(ctx, request.params.id, request.params.tid, principalOf(request).user, request.body),
    ),
  );

  registerEndpoint(app, endpoints.update, async (request) =>
    toTemplateDto(
      await changeTemplate(ctx, request.params.id, request.params.tid, principalOf(request).user, request.body),
    ),
  );

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeTemplate(ctx, request.params.id, request.params.tid, principalOf(request).user);
  });

  registerEndpoint(app, endpoints.render, async (request) =>
    renderTemplate(ctx, request.params.id, request.params.tid, request.body),
  );

  registerEndpoint(app, endpoints.renderQuery, async (request) =>
    renderTemplate(ctx, request.params.id, request.params.tid, request.query),
  );

  registerEndpoint(app, endpoints.randomRender, async (request) =>
    renderForRandomCustomer(ctx, request.params.id, request.body),
  );

  registerEndpoint(app, endpoints.preview, async (request) =>
    previewBodyForCustomer(ctx, request.params.id, request.body),
  );

  registerEndpoint(app, endpoints.randomRenderQuery, async (request) =>
    renderForRandomCustomer(ctx, request.params.id, request.query),
  );
};
