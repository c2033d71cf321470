import { SUPER_USER } from '@paydesk/domain/access/endpoint-access';
import type { CatalogueCode } from '@paydesk/domain/errors/catalogue';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CatalogueError, FieldErrors } from '../../lib/http-errors';
import { asSandboxGateway } from '../../providers/gateway/sandbox-gateway';
import type { TokenizeInput } from '../../providers/gateway/sandbox-tokenizer';
import { throttleAttempt } from '../auth/auth.public';
import { settlePayments } from './settle-payments';

export const SANDBOX_TOKENS_PATH = '/sandbox/gateway/tokens/';
export const SANDBOX_SETTLEMENT_PATH = '/sandbox/gateway/settlement/';
/** Tokenisations per address in the throttle window before each further one waits (card testing stays slow). */
export const SANDBOX_TOKENIZE_FREE_PER_ADDRESS = 100;

const text = z.string({ error: 'Must be text' }).max(100, { error: 'Too long' });
const whole = z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' });
const tokenizeSchema = z.union([
  z.object({ card: z.object({ number: text, exp_month: whole, exp_year: whole, cvc: text }) }).strict(),
  z.object({ bank: z.object({ routing_number: text, account_number: text, account_holder: text }) }).strict(),
]);
const settlementSchema = z.object({ days: whole.min(0).max(60).optional() }).strict();

const SPEC_CARD_CODES = new Set<string>(['card_number.too_short', 'card_number.too_long', 'card_type.invalid']);

/**
 * The sandbox processor's own endpoints (only while the gateway is the sandbox), outside /api like a processor's:
 * - `POST /sandbox/gateway/tokens/`: the tokeniser the card form posts a card or bank account to. Public like a
 *   processor's (no session), same-origin only (no CORS headers are sent, so browsers refuse other origins), rate
 *   limited by address. The body is never logged (request logs carry the method and path only) and the number and
 *   CVC go no further than the check and the token's row (last 4, BIN).
 * - `POST /sandbox/gateway/settlement/`: "run settlement now" for demos and tests (super users), optionally moving
 *   the sandbox's clock forward `days`, then Paydesk's settlement job (settle-payments.ts) records what settled.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const gateway = asSandboxGateway(app.providers.gateway);

  app.post(SANDBOX_TOKENS_PATH, async (request, reply) => {
    await throttleAttempt(ctx, [{ key: `sandbox-tokenize-ip:${request.ip}`, free: SANDBOX_TOKENIZE_FREE_PER_ADDRESS }]);
    const parsed = tokenizeSchema.safeParse(request.body);
    if (!parsed.success) {
      throw FieldErrors.of(
        'non_field_errors',
        'Send either a card {number, exp_month, exp_year, cvc} or a bank account {routing_number, account_number, account_holder}.',
      );
    }
    const result = await gateway.tokenize(parsed.data as TokenizeInput);
    if (result.status === 'invalid') {
      const spec = result.problems.find((problem) => SPEC_CARD_CODES.has(problem.code));
      if (spec) throw new CatalogueError(spec.code as CatalogueCode);
      throw new FieldErrors(Object.fromEntries(result.problems.map((problem) => [problem.field, [problem.message]])));
    }
    const { status: _status, ...answer } = result;
    return reply.code(201).send(answer);
  });

  app.post(SANDBOX_SETTLEMENT_PATH, { config: { access: SUPER_USER } }, async (request) => {
    const parsed = settlementSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw FieldErrors.of('days', 'Must be a whole number of days from 0 to 60.');
    const processor = await gateway.runSettlement({ days: parsed.data.days ?? 0 });
    // Then Paydesk reads what the processor settled, as the daily job would: payments, returns, deposits.
    return { ...processor, recorded: await settlePayments(ctx) };
  });
};
