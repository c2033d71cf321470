import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageSchema, toPage } from '../../lib/pagination';
import { AUTHENTICATED, merchantAccess, SUPER_USER } from '../../plugins/access';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { createMerchantSchema, merchantFieldsSchema, merchantSchema } from './merchants.contract';
import {
  changeMerchant,
  createMerchant,
  listMerchants,
  merchantsListQuery,
  removeMerchant,
  toMerchantDto,
} from './merchants.service';

const idParams = z.object({ id: z.string() });
const tags = ['merchants'];
const security = [{ bearerAuth: [] }];

export const merchantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/merchants/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags,
        security,
        summary: 'Merchants the user may act for (all, for super users)',
        querystring: merchantsListQuery,
        response: { 200: pageSchema(merchantSchema) },
      },
    },
    async (request) => {
      const { search, ordering, ...page } = request.query;
      const options = { search, ordering, ...pageBounds(page) };
      const { count, rows } = await listMerchants(db, principalOf(request).user, options);
      return toPage(request, page, count, rows.map(toMerchantDto));
    },
  );

  app.post(
    '/merchants/',
    {
      config: { access: SUPER_USER },
      schema: {
        tags,
        security,
        summary: 'Create a merchant (super users)',
        body: createMerchantSchema,
        response: { 201: merchantSchema },
      },
    },
    async (request, reply) => reply.code(201).send(toMerchantDto(await createMerchant(db, request.body))),
  );

  app.get(
    '/merchants/:id/',
    {
      config: { access: merchantAccess() },
      schema: { tags, security, summary: 'A merchant', params: idParams, response: { 200: merchantSchema } },
    },
    // The access check loaded the merchant.
    async (request) => toMerchantDto(merchantAccessOf(request).merchant),
  );

  const update = { access: merchantAccess(ACCESS_REQUIREMENTS.merchantSettings) };
  app.put(
    '/merchants/:id/',
    {
      config: update,
      schema: {
        tags,
        security,
        summary: 'Replace a merchant’s settings',
        params: idParams,
        body: merchantFieldsSchema,
        response: { 200: merchantSchema },
      },
    },
    async (request) => toMerchantDto(await changeMerchant(db, request.params.id, request.body)),
  );

  app.patch(
    '/merchants/:id/',
    {
      config: update,
      schema: {
        tags,
        security,
        summary: 'Change some of a merchant’s settings',
        params: idParams,
        body: merchantFieldsSchema.partial(),
        response: { 200: merchantSchema },
      },
    },
    async (request) => toMerchantDto(await changeMerchant(db, request.params.id, request.body)),
  );

  app.delete(
    '/merchants/:id/',
    {
      config: { access: SUPER_USER },
      schema: { tags, security, summary: 'Delete a merchant (super users)', params: idParams },
    },
    async (request, reply) => {
      await removeMerchant(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
