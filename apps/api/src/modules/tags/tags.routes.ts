import { accountTagEndpoints as endpoints } from '@paydesk/domain/tags/tags.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { pageBounds, toPage } from '../../lib/pagination';
import { principalOf } from '../../plugins/auth';
import { createTag, getTag, listTags, removeTag, renameTag, toTagDto } from './tags.service';

export const tagsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.list, async (request) => {
    const { search, ordering } = request.query;
    const { count, rows } = await listTags(ctx, request.params.id, { ...pageBounds(request.query), ordering, search });
    return toPage(request, request.query, count, rows.map(toTagDto));
  });

  registerEndpoint(app, endpoints.create, async (request) =>
    toTagDto(await createTag(ctx, request.params.id, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.get, async (request) =>
    toTagDto(await getTag(ctx, request.params.id, request.params.tagId)),
  );

  registerEndpoint(app, endpoints.replace, async (request) =>
    toTagDto(await renameTag(ctx, request.params.id, request.params.tagId, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.update, async (request) =>
    toTagDto(await renameTag(ctx, request.params.id, request.params.tagId, principalOf(request).user, request.body)),
  );

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeTag(ctx, request.params.id, request.params.tagId, principalOf(request).user);
  });
};
