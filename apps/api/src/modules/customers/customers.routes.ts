import { accountEndpoints } from '@paydesk/domain/customers/accounts.contract';
import { customerEndpoints as endpoints } from '@paydesk/domain/customers/customers.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { pageBounds, toJsonPage, toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import type { Actor } from '../audit/audit.public';
import { syncCustomerFromIntegration } from './customer-integration-sync';
import { findCustomerPage, type CustomerListScope } from './list/customers-list';
import {
  getCustomerDetail,
  getCustomerRow,
  getAccountOfCustomer,
  listAccountCustomers,
  listConsentEvents,
  listCustomerEvents,
  listNotes,
  listRecentlyViewed,
  type MerchantRef,
} from './customers.read';
import { addNote, deleteNote, editNote, type NoteEditor } from './customer-notes';
import { createCustomer } from './customer-create';
import { updateAccount, updateCustomer } from './customer-update';
import { recordView } from './customer-views';
import { locateAccount } from './locate-account';
import { addCoBorrower, removeCoBorrower } from './customer-co-borrowers';
import { changeConsent } from './customer-consent';
import { removeCustomer } from './customer-remove';
import { and, eq } from 'drizzle-orm';
import { merchantLocations } from '../../db/schema/locations';
import { accountTags } from '../../db/schema/tags';
import type { Db } from '../../db/client';
import { roleGrants } from '../../db/schema/identity';

function merchantOf(request: FastifyRequest): MerchantRef {
  const { merchant } = merchantAccessOf(request);
  return { id: merchant.id, name: merchant.name, is_integrated: merchant.is_integrated, timezone: merchant.timezone };
}

const actorOf = (request: FastifyRequest): Actor => principalOf(request).user;
const noteEditorOf = (request: FastifyRequest): NoteEditor => ({
  id: principalOf(request).user.id,
  access: merchantAccessOf(request),
});

/** A list filter naming another merchant's location or tag is a 404, like any other id. */
async function checkOwned(db: Db, merchantId: string, filter: { location?: string; tag?: string }) {
  if (filter.location !== undefined) {
    const [row] = isUuid(filter.location)
      ? await db
          .select({ id: merchantLocations.id })
          .from(merchantLocations)
          .where(and(eq(merchantLocations.id, filter.location), eq(merchantLocations.merchant_id, merchantId)))
      : [];
    if (!row) throw notFound();
  }
  if (filter.tag !== undefined) {
    const [row] = isUuid(filter.tag)
      ? await db
          .select({ id: accountTags.id })
          .from(accountTags)
          .where(and(eq(accountTags.id, filter.tag), eq(accountTags.merchant_id, merchantId)))
      : [];
    if (!row) throw notFound();
  }
}

export const customersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  registerEndpoint(app, endpoints.list, async (request) => {
    const merchantId = request.params.id;
    const { search, location, status, tag, ordering } = request.query;
    await checkOwned(db, merchantId, { location, tag });
    const { count, results } = await findCustomerPage(
      app.database,
      { kind: 'merchant', merchantId },
      {
        search: search?.trim() ?? '',
        locationId: location,
        status,
        tagId: tag,
        ordering,
        ...pageBounds(request.query),
      },
    );
    return toJsonPage(request, request.query, count, results);
  });

  registerEndpoint(app, endpoints.listAll, async (request) => {
    const { user } = principalOf(request);
    const { search, location, status, tag, ordering, merchant } = request.query;
    if (merchant !== undefined) {
      if (!isUuid(merchant)) throw notFound();
      if (!user.is_super_user) {
        const [grant] = await db
          .select({ id: roleGrants.id })
          .from(roleGrants)
          .where(and(eq(roleGrants.user_id, user.id), eq(roleGrants.merchant_id, merchant)));
        if (!grant) throw notFound();
      }
    }
    const invalidId = [location, tag].some((value) => value !== undefined && !isUuid(value));
    const scope: CustomerListScope = user.is_super_user
      ? { kind: 'all', merchantId: merchant }
      : { kind: 'user', userId: user.id, merchantId: merchant };
    if (invalidId) return toPage(request, request.query, 0, []);
    const { count, results } = await findCustomerPage(app.database, scope, {
      search: search?.trim() ?? '',
      locationId: location,
      status,
      tagId: tag,
      ordering,
      ...pageBounds(request.query),
    });
    return toJsonPage(request, request.query, count, results);
  });

  registerEndpoint(app, endpoints.recentlyViewed, async (request) =>
    listRecentlyViewed(db, principalOf(request).user.id, request.params.id),
  );

  registerEndpoint(app, endpoints.create, async (request) => {
    const merchant = merchantOf(request);
    const customerId = await createCustomer(ctx, merchant, request.body, actorOf(request));
    return getCustomerDetail(db, merchant, customerId);
  });

  registerEndpoint(app, endpoints.get, async (request) => {
    const merchant = merchantOf(request);
    const sync =
      request.query.checkIntegration === 'true'
        ? await syncCustomerFromIntegration(ctx, merchant, request.params.customerId)
        : undefined;
    const detail = await getCustomerDetail(db, merchant, request.params.customerId);
    return sync ? { ...detail, integration_sync: sync } : detail;
  });

  registerEndpoint(app, endpoints.updateLastViewed, async (request) => {
    await recordView(ctx, request.params.id, request.params.customerId, principalOf(request).user.id);
  });

  registerEndpoint(app, endpoints.update, async (request) => {
    const merchant = merchantOf(request);
    await updateCustomer(ctx, merchant, request.params.customerId, request.body, actorOf(request));
    return getCustomerDetail(db, merchant, request.params.customerId);
  });

  registerEndpoint(app, endpoints.remove, async (request) => {
    await removeCustomer(ctx, merchantOf(request), request.params.customerId, actorOf(request));
  });

  registerEndpoint(app, endpoints.consent, async (request) => {
    const customer = await getCustomerRow(db, request.params.id, request.params.customerId, { includeRemoved: true });
    const { count, results } = await listConsentEvents(db, customer.id, pageBounds(request.query));
    return toPage(request, request.query, count, results);
  });

  registerEndpoint(app, endpoints.changeConsent, async (request) => {
    const merchant = merchantOf(request);
    await changeConsent(ctx, merchant, request.params.customerId, request.body, actorOf(request));
    return getCustomerDetail(db, merchant, request.params.customerId);
  });

  registerEndpoint(app, endpoints.history, async (request) => {
    const customer = await getCustomerRow(db, request.params.id, request.params.customerId, { includeRemoved: true });
    const { count, results } = await listCustomerEvents(db, customer.id, pageBounds(request.query));
    return toPage(request, request.query, count, results);
  });

  registerEndpoint(app, endpoints.notes, async (request) => {
    const customer = await getCustomerRow(db, request.params.id, request.params.customerId, { includeRemoved: true });
    const { count, results } = await listNotes(db, customer.id, pageBounds(request.query));
    return toPage(request, request.query, count, results);
  });

  registerEndpoint(app, endpoints.addNote, async (request) =>
    addNote(ctx, merchantOf(request), request.params.customerId, request.body.body, actorOf(request)),
  );

  registerEndpoint(app, endpoints.editNote, async (request) =>
    editNote(
      ctx,
      merchantOf(request),
      request.params.customerId,
      request.params.noteId,
      request.body.body,
      noteEditorOf(request),
    ),
  );

  registerEndpoint(app, endpoints.deleteNote, async (request) => {
    const { customerId, noteId } = request.params;
    await deleteNote(ctx, merchantOf(request), customerId, noteId, noteEditorOf(request));
  });

  registerEndpoint(app, accountEndpoints.update, async (request) => {
    const merchant = merchantOf(request);
    const { customerId, accountId } = request.params;
    await updateAccount(ctx, merchant, customerId, accountId, request.body, actorOf(request));
    return getCustomerDetail(db, merchant, customerId);
  });

  registerEndpoint(app, accountEndpoints.customers, async (request) => {
    const { id, customerId, accountId } = request.params;
    await getCustomerRow(db, id, customerId, { includeRemoved: true });
    const { account } = await getAccountOfCustomer(db, id, customerId, accountId);
    return { results: await listAccountCustomers(db, account.id) };
  });

  registerEndpoint(app, accountEndpoints.addCoBorrower, async (request) => {
    const { customerId, accountId } = request.params;
    await addCoBorrower(ctx, merchantOf(request), customerId, accountId, request.body, actorOf(request));
    return { results: await listAccountCustomers(db, accountId) };
  });

  registerEndpoint(app, accountEndpoints.removeCoBorrower, async (request) => {
    const { customerId, accountId, coBorrowerId } = request.params;
    await removeCoBorrower(ctx, merchantOf(request), customerId, accountId, coBorrowerId, actorOf(request));
  });

  registerEndpoint(app, accountEndpoints.locate, async (request) =>
    locateAccount(db, principalOf(request).user, request.params.accountId),
  );
};
