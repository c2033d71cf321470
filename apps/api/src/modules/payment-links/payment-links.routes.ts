import { paymentLinkEndpoints as endpoints } from '@paydesk/domain/payment-links/payment-links.contract';
import { IDEMPOTENCY_KEY_HEADER } from '@paydesk/domain/api/idempotency';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { merchantAccessOf } from '../../plugins/auth';
import { throttleAttempt } from '../auth/auth.public';
import { issuePaymentLink } from './issue-payment-link';
import { payWithLink } from './pay-with-link';
import { readPayPage } from './read-pay-page';

/** Openings of pay pages per address in the throttle window before each further one waits. */
export const PAY_PAGE_FREE_PER_ADDRESS = 60;

export const paymentLinksRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  registerEndpoint(app, endpoints.create, async (request) => {
    const access = merchantAccessOf(request);
    if (!isUuid(request.params.accountId)) throw notFound();
    return issuePaymentLink(ctx, {
      merchantId: access.merchant.id,
      accountId: request.params.accountId,
      customerId: request.body.customer_id,
      userId: access.userId,
      sendEmail: request.body.send_email,
    });
  });

  // Public: the link's token is the only credential. Every opening counts against the address.
  registerEndpoint(app, endpoints.page, async (request) => {
    await throttleAttempt(ctx, [{ key: `pay-page-ip:${request.ip}`, free: PAY_PAGE_FREE_PER_ADDRESS }]);
    return readPayPage(ctx, request.params.token);
  });

  registerEndpoint(app, endpoints.pay, async (request) =>
    payWithLink(ctx, {
      token: request.params.token,
      idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      ip: request.ip,
      body: request.body,
    }),
  );
};
