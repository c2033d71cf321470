import { paymentEndpoints as endpoints } from '@paydesk/domain/payments/payments.contract';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { paymentMethods } from '../../db/schema/payments';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { FieldErrors, notFound } from '../../lib/http-errors';
import { toPage } from '../../lib/pagination';
import { isUuid } from '../../lib/ids';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { getAccountOfCustomer, getCustomerRow } from '../customers/customers.public';
import { queueEmail } from '../mail/mail.public';
import { listAccountTransactions } from './account-transactions';
import { listSavedMethods, readPayment, toPaymentMethodDto } from './payment-view';
import { receiptEmail } from './receipt-email';
import { savePaymentMethod } from './save-payment-method';
import { movePayment } from './move-payment';
import { payerOf } from './payer-of-access';
import { refundPayment } from './refund-payment';
import { takeMiscPayment } from './take-misc-payment';
import { takePayment } from './take-payment';

const idempotencyKeyOf = (request: FastifyRequest): string => {
  const key = request.idempotency?.key;
  if (!key) throw new Error('an idempotent route ran without its Idempotency-Key');
  return key;
};

/** The merchant and user a staff route acts for. */
const staffOf = (request: FastifyRequest) => {
  const access = merchantAccessOf(request);
  return { merchantId: access.merchant.id, userId: access.userId };
};

export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.listMethods, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.customerId, {
      includeRemoved: true,
    });
    return { results: await listSavedMethods(ctx.db, request.params.id, customer.id) };
  });

  registerEndpoint(app, endpoints.addMethod, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.customerId);
    const user = principalOf(request).user;
    const method = await savePaymentMethod(ctx, {
      merchantId: request.params.id,
      customerId: customer.id,
      token: request.body.token,
      nickname: request.body.nickname,
      saved: true,
      authorization: request.body.authorization,
      userId: user.id,
      field: 'token',
    });
    return toPaymentMethodDto(method, `${user.first_name} ${user.last_name}`.trim());
  });

  registerEndpoint(app, endpoints.removeMethod, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.customerId, {
      includeRemoved: true,
    });
    if (!isUuid(request.params.methodId)) throw notFound();
    const [removed] = await ctx.db
      .update(paymentMethods)
      .set({ removed_at: ctx.clock() })
      .where(
        and(
          eq(paymentMethods.id, request.params.methodId),
          eq(paymentMethods.merchant_id, request.params.id),
          eq(paymentMethods.customer_id, customer.id),
          isNull(paymentMethods.removed_at),
        ),
      )
      .returning({ id: paymentMethods.id });
    if (!removed) throw notFound();
  });

  registerEndpoint(app, endpoints.take, async (request) => {
    const payer = payerOf(merchantAccessOf(request));
    if (!isUuid(request.params.accountId)) throw notFound();
    return takePayment(ctx, {
      ...payer,
      accountId: request.params.accountId,
      customerId: request.body.customer,
      sources: request.body.sources,
      waiveFee: request.body.waive_fee,
      origin: 'staff',
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerEndpoint(app, endpoints.get, async (request) => {
    if (!isUuid(request.params.paymentId)) throw notFound();
    return readPayment(ctx.db, request.params.id, request.params.paymentId);
  });

  registerEndpoint(app, endpoints.emailReceipt, async (request) => {
    if (!isUuid(request.params.paymentId)) throw notFound();
    const payment = await readPayment(ctx.db, request.params.id, request.params.paymentId);
    const to = request.body.email ?? payment.receipt.customer_email;
    if (!to) throw FieldErrors.of('email', 'The customer has no email address: enter one.');
    await queueEmail(ctx, { key: `receipt:${payment.id}:${randomUUID()}`, to, ...receiptEmail(payment) });
  });

  registerEndpoint(app, endpoints.accountTransactions, async (request) => {
    const { id: merchantId, customerId, accountId } = request.params;
    const customer = await getCustomerRow(ctx.db, merchantId, customerId, { includeRemoved: true });
    const { account } = await getAccountOfCustomer(ctx.db, merchantId, customer.id, accountId);
    const page = await listAccountTransactions(ctx.db, account.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.misc, async (request) => {
    return takeMiscPayment(ctx, {
      ...payerOf(merchantAccessOf(request)),
      payerName: request.body.payer_name,
      description: request.body.description,
      customerId: request.body.customer,
      locationId: request.body.location,
      sources: request.body.sources,
      waiveFee: request.body.waive_fee,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerEndpoint(app, endpoints.refund, async (request) =>
    refundPayment(ctx, {
      ...staffOf(request),
      paymentId: request.body.payment,
      sources: request.body.sources,
      total: request.body.total,
      reason: request.body.reason,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );

  // All that is left of the payment, fee-bearing method last.
  registerEndpoint(app, endpoints.refundTransaction, async (request) =>
    refundPayment(ctx, {
      ...staffOf(request),
      paymentId: request.body.transaction,
      sources: null,
      total: null,
      reason: request.body.reason,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );

  registerEndpoint(app, endpoints.move, async (request) => {
    return movePayment(ctx, {
      ...staffOf(request),
      paymentId: request.body.payment,
      accountId: request.body.account,
      reason: request.body.reason,
    });
  });
};
