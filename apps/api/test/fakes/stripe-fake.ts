// A local HTTP fake of the Stripe endpoints the adapter uses (no network in tests): payment methods retrieve,
// payment intents create (confirmed at once) / retrieve / cancel / search by metadata, refunds create / list. It
// replays a repeated Idempotency-Key with the first response, like Stripe, and can fail the next request with a 500
// or by never answering (the adapter's timeout).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** Stripe's test payment methods the fake knows, with the decline a charge on them answers. */
const METHODS: Record<string, { card?: Json; us_bank_account?: Json; decline?: string }> = {
  pm_card_visa: { card: { brand: 'visa', funding: 'credit', last4: '4242', exp_month: 12, exp_year: 2030 } },
  pm_card_visa_debit: { card: { brand: 'visa', funding: 'debit', last4: '5556', exp_month: 12, exp_year: 2030 } },
  pm_card_chargeDeclined: {
    card: { brand: 'visa', funding: 'credit', last4: '0002', exp_month: 12, exp_year: 2030 },
    decline: 'generic_decline',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: { brand: 'visa', funding: 'credit', last4: '9995', exp_month: 12, exp_year: 2030 },
    decline: 'insufficient_funds',
  },
  pm_usBankAccount_success: { us_bank_account: { last4: '6789', routing_number: '110000000' } },
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Stripe's form encoding, flat: `metadata[key]=value` becomes `{metadata: {key: value}}`. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) {
      const [, outer, inner] = nested as unknown as [string, string, string];
      out[outer] = { ...((out[outer] as Json | undefined) ?? {}), [inner]: value };
    } else out[key] = value;
  }
  return out;
}

export type StripeFake = {
  port: number;
  /** Requests received, by `METHOD path`. */
  requests: string[];
  intents: Map<string, Json>;
  /** The next request answers 500 (`server_error`), or never answers (`hang`), after doing its work when `after`. */
  failNext(kind: 'server_error' | 'hang', when?: 'before' | 'after'): void;
  close(): Promise<void>;
};

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, Json>();
  const refunds: Json[] = [];
  const replays = new Map<string, { status: number; body: Json }>();
  const requests: string[] = [];
  let failure: { kind: 'server_error' | 'hang'; when: 'before' | 'after' } | null = null;

  const error = (status: number, fields: Json) => ({
    status,
    body: { error: { type: 'invalid_request_error', ...fields } },
  });

  function handle(method: string, path: string, query: URLSearchParams, form: Json): { status: number; body: Json } {
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/(\w+)$/.exec(path))) {
      const known = METHODS[match[1] ?? ''];
      if (!known) return error(404, { code: 'resource_missing', message: 'No such PaymentMethod' });
      const { decline: _decline, ...shown } = known;
      return {
        status: 200,
        body: {
          id: match[1],
          object: 'payment_method',
          type: shown.card ? 'card' : 'us_bank_account',
          billing_details: { name: 'Ava Archer' },
          card: null,
          us_bank_account: null,
          ...shown,
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const known = METHODS[String(form.payment_method)];
      const pi: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency,
        created: Math.floor(Date.now() / 1000),
        metadata: form.metadata ?? {},
        payment_method: form.payment_method,
        payment_method_types: known?.us_bank_account ? ['us_bank_account'] : ['card'],
        last_payment_error: null,
        status: 'requires_payment_method',
      };
      intents.set(pi.id as string, pi);
      if (!known) return error(400, { code: 'resource_missing', message: 'No such PaymentMethod' });
      if (known.decline) {
        const last_payment_error = {
          code: 'card_declined',
          decline_code: known.decline,
          message: 'Your card was declined.',
        };
        pi.last_payment_error = last_payment_error;
        return { status: 402, body: { error: { type: 'card_error', ...last_payment_error, payment_intent: pi } } };
      }
      pi.status = known.us_bank_account ? 'processing' : 'succeeded';
      pi.amount_received = known.us_bank_account ? 0 : pi.amount;
      return { status: 200, body: pi };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = /metadata\['idempotency_key'\]:'([^']*)'/.exec(query.get('query') ?? '')?.[1];
      const data = [...intents.values()].filter((pi) => (pi.metadata as Json).idempotency_key === wanted);
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    if ((match = /^\/v1\/payment_intents\/(\w+)(\/cancel)?$/.exec(path))) {
      const pi = intents.get(match[1] ?? '');
      if (!pi) return error(404, { code: 'resource_missing', message: 'No such payment_intent' });
      if (method === 'GET') return { status: 200, body: pi };
      if (pi.status !== 'processing' && pi.status !== 'requires_payment_method') {
        return error(400, {
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`,
        });
      }
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(form.payment_intent));
      if (!pi) return error(404, { code: 'resource_missing', message: 'No such payment_intent' });
      const refunded = refunds.filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + Number(r.amount), 0);
      const amount = form.amount ? Number(form.amount) : Number(pi.amount_received) - refunded;
      if (Number(pi.amount_received) === 0)
        return error(400, { code: 'charge_not_refundable', message: 'This charge has not captured money.' });
      if (refunded >= Number(pi.amount_received))
        return error(400, { code: 'charge_already_refunded', message: 'Charge has already been refunded.' });
      if (refunded + amount > Number(pi.amount_received))
        return error(400, {
          code: 'amount_too_large',
          message: 'Refund amount is greater than unrefunded amount on charge.',
        });
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: pi.id,
        status: 'succeeded',
        metadata: form.metadata ?? {},
        failure_reason: null,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      return { status: 200, body: { object: 'list', data: [...refunds].reverse(), has_more: false, url: path } };
    }
    return error(404, { code: 'resource_missing', message: `Unrecognized request URL (${method}: ${path})` });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => (raw += String(chunk)));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push(`${request.method} ${url.pathname}`);
      const current = failure;
      failure = null;
      if (current?.when === 'before') {
        if (current.kind === 'hang') return;
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Internal error' } }));
        return;
      }
      const key = request.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && request.method === 'POST' ? `${url.pathname}|${key}` : null;
      const answer =
        (replayKey && replays.get(replayKey)) ||
        handle(request.method ?? 'GET', url.pathname, url.searchParams, parseForm(raw));
      if (replayKey) replays.set(replayKey, answer);
      if (current?.kind === 'hang') return;
      if (current?.kind === 'server_error') {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Internal error' } }));
        return;
      }
      response
        .writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    intents,
    failNext(kind, when = 'after') {
      failure = { kind, when };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
