import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRouteHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { redactLogSecrets } from './lib/log-redaction';
import { RequestLogController, serializeRequest } from './lib/request-logs';
import { compileResponseSerializer } from './lib/response-serializer';
import { registerAuthJobHandlers } from './modules/auth/auth.job-handlers';
import { activityRoutes } from './modules/activity/activity.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { healthRoutes } from './modules/health/health.routes';
import { freshbooksSandboxRoutes } from './modules/integrations/freshbooks-sandbox.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { liveRoutes, liveTicketRoutes } from './modules/live/live.routes';
import { registerMailJobHandlers } from './modules/mail/mail.job-handlers';
import { locationsRoutes } from './modules/locations/locations.routes';
import { merchantAccountsRoutes } from './modules/merchant-accounts/merchant-accounts.routes';
import { customerImportsRoutes } from './modules/customers/customer-imports.routes';
import { registerCustomerImportJobHandlers } from './modules/customers/customer-imports.job-handlers';
import { registerCustomerNameOrderJobHandlers } from './modules/customers/list/name-order.job-handlers';
import { merchantsRoutes } from './modules/merchants/merchants.routes';
import {
  chatSocketRoutes,
  registerMessagingJobHandlers,
  type MessagingDependencies,
} from './modules/messaging/messaging.public';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { binsRoutes } from './modules/payments/bins.routes';
import { registerPaymentJobHandlers } from './modules/payments/payments.job-handlers';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { achReturnsRoutes } from './modules/ach-returns/ach-returns.routes';
import { issuePaymentLink } from './modules/payment-links/payment-links.public';
import { paymentLinksRoutes } from './modules/payment-links/payment-links.routes';
import { registerFailedPaymentJobHandlers } from './modules/failed-payments/failed-payments.job-handlers';
import { failedPaymentsRoutes } from './modules/failed-payments/failed-payments.routes';
import { registerScheduledPaymentJobHandlers } from './modules/scheduled-payments/scheduled-payments.job-handlers';
import { scheduledPaymentsRoutes } from './modules/scheduled-payments/scheduled-payments.routes';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { registerAutopayJobHandlers } from './modules/autopay/autopay.job-handlers';
import { autopayRoutes } from './modules/autopay/autopay.routes';
import { registerPromiseJobHandlers } from './modules/promises/promises.job-handlers';
import { confirmPromisesByReply } from './modules/promises/confirm-promise';
import { promisesRoutes } from './modules/promises/promises.routes';
import { sandboxGatewayRoutes } from './modules/payments/sandbox-gateway.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { ownersRoutes } from './modules/owners/owners.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { messageTemplatesRoutes } from './modules/message-templates/message-templates.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createFieldCipher } from './lib/field-encryption';
import { createServiceContext, type ProviderContext } from './lib/service-context';
import { WEB_DIST_DIR } from './paths';
import { accessDeclarationPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { eventsPlugin } from './plugins/events';
import { idempotencyPlugin } from './plugins/idempotency';
import { inputPlugin } from './plugins/input';
import { jobsPlugin } from './plugins/jobs';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { createProviders, type Providers } from './providers/providers';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    providers: Providers;
    /** What services work with (lib/service-context.ts), built once per app. */
    ctx: ProviderContext;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  providers?: Partial<Providers>;
  webDistDir?: string;
  jobPollingIntervalSeconds?: number;
  /** false in tests: jobs run only when a test calls `app.jobs.drain()`. */
  runJobWorkers?: boolean;
  /** What messaging needs from modules built beside it (PAY's payment links); none by default. */
  messaging?: Partial<MessagingDependencies>;
  /** Sees every route as it is registered (tests use it to list the routes of the built app). */
  onRoute?: onRouteHookHandler;
};

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // The request serializer writes no headers, so no authorization or cookie can reach a line.
    formatters: { log: redactLogSecrets },
    serializers: { req: serializeRequest },
  };
}

/** Builds the whole app (plugins, modules) without listening, for the server and for tests alike. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logController: new RequestLogController(),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileResponseSerializer);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('providers', { ...createProviders(config, database.db), ...options.providers });

  await app.register(accessDeclarationPlugin);
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  // Before the auth guard: it marks upgrade requests (request.ws) in an onRequest hook the guard relies on.
  await app.register(websocket);
  await app.register(authPlugin);
  await app.register(securityPlugin);
  await app.register(eventsPlugin, { database });
  await app.register(jobsPlugin, {
    database,
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    runWorkers: options.runJobWorkers,
  });
  // After the access guard (it reads the merchant), the input checks and the job queue (it prunes old keys).
  await app.register(idempotencyPlugin);
  await app.register(docsPlugin);
  app.decorate(
    'ctx',
    createServiceContext({
      database,
      jobs: app.jobs,
      events: app.events,
      providers: app.providers,
      config,
      cipher: createFieldCipher(config.ENCRYPTION_KEY),
      log: app.log,
      forgetUser: (userId) => app.activeUsers.forget(userId),
    }),
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(merchantsRoutes);
      await api.register(usersRoutes);
      await api.register(rolesRoutes);
      await api.register(tagsRoutes);
      await api.register(messageTemplatesRoutes);
      await api.register(activityRoutes);
      await api.register(locationsRoutes);
      await api.register(merchantAccountsRoutes);
      await api.register(integrationsRoutes);
      await api.register(ownersRoutes);
      await api.register(onboardingRoutes);
      await api.register(customersRoutes);
      await api.register(customerImportsRoutes);
      await api.register(binsRoutes);
      await api.register(paymentsRoutes);
      await api.register(scheduledPaymentsRoutes);
      await api.register(autopayRoutes);
      await api.register(promisesRoutes);
      await api.register(failedPaymentsRoutes);
      await api.register(transactionsRoutes);
      await api.register(achReturnsRoutes);
      await api.register(paymentLinksRoutes);
      await api.register(liveTicketRoutes);
      await api.register(messagingRoutes);
      // The local outbox exists only while it is the email provider (it holds every emailed secret).
      if (!config.SMTP_URL) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(liveRoutes);
  await app.register(chatSocketRoutes);
  // The FreshBooks sandbox's authorization page exists only while it is the FreshBooks provider.
  if (app.providers.freshbooks.name === 'sandbox') await app.register(freshbooksSandboxRoutes);
  // The sandbox processor's tokeniser and settlement exist only while it is the gateway.
  if (app.providers.gateway.name === 'sandbox') await app.register(sandboxGatewayRoutes);
  registerMailJobHandlers(app);
  registerPaymentJobHandlers(app);
  registerScheduledPaymentJobHandlers(app);
  registerAutopayJobHandlers(app);
  registerPromiseJobHandlers(app);
  registerFailedPaymentJobHandlers(app);
  registerAuthJobHandlers(app);
  registerCustomerImportJobHandlers(app);
  registerCustomerNameOrderJobHandlers(app);
  registerMessagingJobHandlers(app, {
    createPaymentLink: async (tx, input) =>
      (await issuePaymentLink(tx, { ...input, userId: null, sendEmail: false })).payment_link,
    confirmPromisesByReply,
    ...options.messaging,
  });

  await app.register(webAppPlugin, { distDir: options.webDistDir ?? WEB_DIST_DIR });
  return app;
}
