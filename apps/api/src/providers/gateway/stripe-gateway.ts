import { declineClassOf } from '@paydesk/domain/payments/declines';
import { cardBrandOf } from '@paydesk/domain/payments/card-entry';
import Stripe from 'stripe';
import type {
  CardBrand,
  CardFunding,
  ChargeOutcome,
  ChargeState,
  Declined,
  GatewayProvider,
  Indeterminate,
  ReversalOutcome,
  SaveMethodOutcome,
} from './gateway-provider';

export type StripeGatewayOptions = {
  secretKey: string;
  /** Tests point the SDK at a local fake (test/fakes/stripe-fake.ts). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
};

const BRANDS = new Set<CardBrand>(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay']);

type StripeFailure = {
  type?: string;
  statusCode?: number;
  code?: string;
  decline_code?: string;
  message?: string;
  raw?: { payment_intent?: { id?: string } };
};

/** A Stripe error as an outcome: card errors and refused requests are declines; timeouts and 5xx are unknown. */
function failureOutcome(error: unknown): Declined | Indeterminate {
  const failure = error as StripeFailure;
  const transient =
    failure.type === 'StripeConnectionError' ||
    failure.type === 'StripeAPIError' ||
    (failure.statusCode ?? 0) >= 500 ||
    failure.statusCode === undefined;
  if (transient) return { status: 'indeterminate', message: failure.message ?? 'Stripe did not answer.' };
  const code = failure.decline_code ?? failure.code ?? 'card_declined';
  const normalised = code === 'charge_already_refunded' ? 'already_refunded' : code;
  return {
    status: 'declined',
    code: normalised,
    message: failure.message ?? 'Declined.',
    retry: declineClassOf(normalised),
    ...(failure.raw?.payment_intent?.id ? { reference: failure.raw.payment_intent.id } : {}),
  };
}

function intentState(intent: Stripe.PaymentIntent): ChargeState {
  const bank = intent.payment_method_types.includes('us_bank_account');
  switch (intent.status) {
    case 'succeeded':
      return bank
        ? { status: 'settled', reference: intent.id, settled_at: new Date(intent.created * 1000).toISOString() }
        : { status: 'approved', reference: intent.id };
    case 'processing':
      return { status: 'pending', reference: intent.id };
    case 'canceled':
      return { status: 'voided', reference: intent.id };
    default: {
      const error = intent.last_payment_error;
      if (bank && error?.code) {
        return {
          status: 'returned',
          reference: intent.id,
          return_code: error.code,
          return_reason: error.message ?? error.code,
          returned_at: new Date().toISOString(),
        };
      }
      const code = error?.decline_code ?? error?.code ?? 'card_declined';
      return {
        status: 'declined',
        code,
        message: error?.message ?? 'Declined.',
        retry: declineClassOf(code),
        reference: intent.id,
      };
    }
  }
}

function refundOutcome(refund: Stripe.Refund): ReversalOutcome {
  if (refund.status === 'succeeded') return { status: 'approved', reference: refund.id };
  if (refund.status === 'pending' || refund.status === 'requires_action')
    return { status: 'pending', reference: refund.id };
  return {
    status: 'declined',
    code: refund.failure_reason ?? 'refund_failed',
    message: 'The refund failed.',
    retry: 'hard',
    reference: refund.id,
  };
}

/**
 * Stripe behind the gateway interface (chosen when STRIPE_SECRET_KEY is set). Every money call sends Paydesk's
 * idempotency key as Stripe's `Idempotency-Key` and in the object's metadata, so a lookup after `indeterminate`
 * finds it with the search API. The SDK does not retry by itself: a retry is Paydesk's decision, with the same key.
 */
export function createStripeGateway(options: StripeGatewayOptions): GatewayProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 20_000,
  });

  async function attempt<T>(work: () => Promise<T>): Promise<T | Declined | Indeterminate> {
    try {
      return await work();
    } catch (error) {
      return failureOutcome(error);
    }
  }

  return {
    name: 'stripe',

    // Stripe has no BIN lookup: the brand from the number's leading digits, funding unknown until a card is saved.
    async lookupBin(bin) {
      const brand = cardBrandOf(bin);
      return /^\d{6,8}$/.test(bin) && brand !== 'unknown' ? { brand, funding: 'unknown' } : null;
    },

    async saveMethod({ token }) {
      return attempt<SaveMethodOutcome>(async () => {
        const method = await stripe.paymentMethods.retrieve(token);
        const card = method.card;
        const bank = method.us_bank_account;
        const brand = card && BRANDS.has(card.brand as CardBrand) ? (card.brand as CardBrand) : null;
        return {
          status: 'saved',
          method: {
            reference: method.id,
            kind: card ? 'card' : 'bank',
            brand: card ? (brand ?? 'unknown') : null,
            funding: card ? ((card.funding as CardFunding | undefined) ?? 'unknown') : null,
            bin: null,
            last4: card?.last4 ?? bank?.last4 ?? '',
            exp_month: card?.exp_month ?? null,
            exp_year: card?.exp_year ?? null,
            routing_number: bank?.routing_number ?? null,
            account_holder: method.billing_details?.name ?? null,
          },
        };
      });
    },

    async charge(input) {
      return attempt<ChargeOutcome>(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount_cents,
            currency: 'usd',
            payment_method: input.method,
            confirm: true,
            description: input.description,
            metadata: { idempotency_key: input.idempotencyKey, processor_merchant_id: input.processor_merchant_id },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const state = intentState(intent);
        if (state.status === 'settled') return { status: 'approved', reference: intent.id };
        if (state.status === 'approved' || state.status === 'pending' || state.status === 'declined') return state;
        return { status: 'declined', code: 'card_declined', message: 'Declined.', retry: 'hard', reference: intent.id };
      });
    },

    async refund(input) {
      return attempt<ReversalOutcome>(async () =>
        refundOutcome(
          await stripe.refunds.create(
            {
              payment_intent: input.charge,
              amount: input.amount_cents,
              metadata: { idempotency_key: input.idempotencyKey },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    async void(input) {
      return attempt<ReversalOutcome>(async () => {
        const intent = await stripe.paymentIntents.cancel(input.charge, {}, { idempotencyKey: input.idempotencyKey });
        return { status: 'approved', reference: intent.id };
      });
    },

    async lookupCharge({ idempotencyKey }) {
      const found = await attempt(async () =>
        stripe.paymentIntents.search({ query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, '')}'` }),
      );
      if ('status' in found) return found.status === 'indeterminate' ? found : null;
      const intent = found.data[0];
      return intent ? intentState(intent) : null;
    },

    async lookupReversal({ idempotencyKey }) {
      const found = await attempt(async () => stripe.refunds.list({ limit: 100 }));
      if ('status' in found) return found.status === 'indeterminate' ? found : null;
      const refund = found.data.find((item) => item.metadata?.idempotency_key === idempotencyKey);
      return refund ? refundOutcome(refund) : null;
    },

    async getCharge(reference) {
      const found = await attempt(async () => stripe.paymentIntents.retrieve(reference));
      return 'object' in found ? intentState(found) : found;
    },
  };
}
