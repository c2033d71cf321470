import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageSchema, toPage } from '../../lib/pagination';
import { merchantAccess } from '../../plugins/access';
import { roleInputSchema, rolePatchSchema, roleSchema } from './roles.contract';
import { changeRole, createRole, getRole, listRoles, removeRole, rolesListQuery, toRoleDto } from './roles.service';

const merchantParams = z.object({ id: z.string() });
const roleParams = z.object({ id: z.string(), rid: z.string() });
const tags = ['roles'];
const security = [{ bearerAuth: [] }];
const access = merchantAccess(ACCESS_REQUIREMENTS.roleSettings);
// Whoever may invite users needs the custom roles to choose from.
const listAccess = merchantAccess(ACCESS_REQUIREMENTS.userSettings);

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/merchants/:id/roles/',
    {
      config: { access: listAccess },
      schema: {
        tags,
        security,
        summary: 'Custom roles of a merchant',
        params: merchantParams,
        querystring: rolesListQuery,
        response: { 200: pageSchema(roleSchema) },
      },
    },
    async (request) => {
      const { ordering } = request.query;
      const { count, rows } = await listRoles(db, request.params.id, { ...pageBounds(request.query), ordering });
      return toPage(request, request.query, count, rows.map(toRoleDto));
    },
  );

  app.post(
    '/merchants/:id/roles/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Create a custom role',
        params: merchantParams,
        body: roleInputSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) => reply.code(201).send(toRoleDto(await createRole(db, request.params.id, request.body))),
  );

  app.get(
    '/merchants/:id/roles/:rid/',
    {
      config: { access },
      schema: { tags, security, summary: 'A custom role', params: roleParams, response: { 200: roleSchema } },
    },
    async (request) => toRoleDto(await getRole(db, request.params.id, request.params.rid)),
  );

  app.put(
    '/merchants/:id/roles/:rid/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Replace a custom role',
        params: roleParams,
        body: roleInputSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => toRoleDto(await changeRole(db, request.params.id, request.params.rid, request.body, 'replace')),
  );

  app.patch(
    '/merchants/:id/roles/:rid/',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Change part of a custom role',
        params: roleParams,
        body: rolePatchSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => toRoleDto(await changeRole(db, request.params.id, request.params.rid, request.body, 'merge')),
  );

  app.delete(
    '/merchants/:id/roles/:rid/',
    {
      config: { access },
      schema: { tags, security, summary: 'Delete a custom role no user holds', params: roleParams },
    },
    async (request, reply) => {
      await removeRole(db, request.params.id, request.params.rid);
      return reply.code(204).send();
    },
  );
};
