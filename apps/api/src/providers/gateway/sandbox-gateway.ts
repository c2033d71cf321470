import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGatewayMethods, sandboxGatewayOperations, sandboxGatewayTokens } from '../../db/schema/sandbox-gateway';
import type {
  ChargeOutcome,
  ChargeState,
  Declined,
  GatewayProvider,
  Indeterminate,
  ReversalOutcome,
  SavedMethod,
  SaveMethodOutcome,
} from './gateway-provider';
import {
  ACH_RETURN_REASONS,
  addBusinessDays,
  isoDate,
  nextDay,
  SANDBOX_CARD_DECLINES,
  sandboxBin,
} from './sandbox-gateway-behaviour';
import { tokenizeEntry, type TokenizeInput, type TokenizeResult } from './sandbox-tokenizer';

type Operation = typeof sandboxGatewayOperations.$inferSelect;

export type SandboxGatewayOptions = {
  db: Db;
  clock?: () => Date;
  /** Business days before an ACH debit or credit settles or returns (default 2). */
  achSettlementDays?: number;
};

/** The sandbox with what only tests, the demo seed and the sandbox routes use. */
export type SandboxGateway = GatewayProvider & {
  name: 'sandbox';
  tokenize(input: TokenizeInput): Promise<TokenizeResult>;
  /**
   * The daily settlement, now: approved card sales of past days settle; pending ACH debits and credits due by the
   * clock (plus `days` calendar days, to move time forward in demos) settle or return. Answers how many changed.
   */
  runSettlement(options?: { days?: number }): Promise<{ settled: number; returned: number }>;
  /**
   * The next money call (charge, refund, void, saveMethod) answers `indeterminate`: `after` it really happened at the
   * processor (a timeout on the way back), or `before` the processor received it.
   */
  simulateTimeoutOnNextCall(when: 'after' | 'before'): void;
};

const INDETERMINATE: Indeterminate = { status: 'indeterminate', message: 'The processor did not answer in time.' };

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function declined(code: string, message: string, retry: Declined['retry'], ref?: string): Declined {
  return { status: 'declined', code, message, retry, ...(ref ? { reference: ref } : {}) };
}

/** Refuses an idempotency key used before for another request: a programming error in the caller, not a decline. */
function assertSameRequest(existing: Operation, request: string) {
  if (existing.request !== request) {
    throw new Error(
      `Idempotency key ${existing.idempotency_key} was used for another request (${existing.request}, now ${request})`,
    );
  }
}

function chargeState(op: Operation): ChargeState {
  const ref = op.reference ?? '';
  switch (op.state) {
    case 'approved':
    case 'pending':
      return { status: op.state, reference: ref };
    case 'settled':
      return { status: 'settled', reference: ref, settled_at: (op.settled_at ?? op.created).toISOString() };
    case 'returned':
      return {
        status: 'returned',
        reference: ref,
        return_code: op.return_code ?? '',
        return_reason: op.return_reason ?? '',
        returned_at: (op.returned_at ?? op.created).toISOString(),
      };
    case 'voided':
      return { status: 'voided', reference: ref };
    default:
      return op.outcome as Declined;
  }
}

function reversalState(op: Operation): ReversalOutcome {
  if (op.state === 'declined') return op.outcome as Declined;
  return { status: op.state === 'pending' ? 'pending' : 'approved', reference: op.reference ?? '' };
}

/**
 * The embedded sandbox processor (issue 18 item 1), the default gateway while STRIPE_SECRET_KEY is unset. It answers
 * the well-known test numbers deterministically (sandbox-gateway-behaviour.ts), keeps its state in its own tables
 * like a processor would, answers a replayed idempotency key with the first outcome, and never refunds more than a
 * charge captured (the charge's row is locked while a refund is decided).
 */
export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const achDays = options.achSettlementDays ?? 2;
  let timeout: 'after' | 'before' | null = null;

  /** Runs a money call, honouring a simulated timeout. */
  async function call<T>(work: () => Promise<T>): Promise<T | Indeterminate> {
    const when = timeout;
    timeout = null;
    if (when === 'before') return INDETERMINATE;
    const outcome = await work();
    return when === 'after' ? INDETERMINATE : outcome;
  }

  async function findOperation(handle: Db, key: string, lock = false): Promise<Operation | undefined> {
    const query = handle
      .select()
      .from(sandboxGatewayOperations)
      .where(eq(sandboxGatewayOperations.idempotency_key, key));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Inserts the operation unless its key exists; answers the row that holds the key. */
  async function record(handle: Db, values: typeof sandboxGatewayOperations.$inferInsert): Promise<Operation> {
    const [inserted] = await handle.insert(sandboxGatewayOperations).values(values).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const existing = await findOperation(handle, values.idempotency_key);
    if (!existing) throw new Error(`Sandbox operation ${values.idempotency_key} vanished`);
    assertSameRequest(existing, values.request);
    return existing;
  }

  /** Settles or returns what is due by `today` (one charge when `ref` is given). */
  async function settleDue(today: string, ref?: string) {
    const now = clock();
    const due = await db
      .select()
      .from(sandboxGatewayOperations)
      .where(
        and(
          inArray(sandboxGatewayOperations.state, ['approved', 'pending']),
          isNotNull(sandboxGatewayOperations.settle_on),
          lte(sandboxGatewayOperations.settle_on, today),
          ref ? eq(sandboxGatewayOperations.reference, ref) : undefined,
        ),
      );
    let settled = 0;
    let returned = 0;
    for (const op of due) {
      const returnCode = op.settle_as && op.settle_as !== 'settled' ? op.settle_as : null;
      const changed = await db
        .update(sandboxGatewayOperations)
        .set(
          returnCode
            ? {
                state: 'returned',
                returned_at: now,
                return_code: returnCode,
                return_reason: ACH_RETURN_REASONS[returnCode] ?? returnCode,
              }
            : { state: 'settled', settled_at: now },
        )
        .where(
          and(
            eq(sandboxGatewayOperations.idempotency_key, op.idempotency_key),
            inArray(sandboxGatewayOperations.state, ['approved', 'pending']),
          ),
        )
        .returning({ key: sandboxGatewayOperations.idempotency_key });
      if (changed.length > 0) {
        if (returnCode) returned += 1;
        else settled += 1;
      }
    }
    return { settled, returned };
  }

  async function currentCharge(ref: string): Promise<Operation | undefined> {
    await settleDue(isoDate(clock()), ref);
    const [row] = await db
      .select()
      .from(sandboxGatewayOperations)
      .where(and(eq(sandboxGatewayOperations.reference, ref), eq(sandboxGatewayOperations.kind, 'charge')));
    return row;
  }

  return {
    name: 'sandbox',

    async lookupBin(bin) {
      return sandboxBin(bin);
    },

    tokenize(input) {
      return tokenizeEntry(db, input, clock());
    },

    async saveMethod({ token, idempotencyKey }) {
      const request = JSON.stringify({ kind: 'save', token });
      return call<SaveMethodOutcome>(async () => {
        const now = clock();
        const op = await db.transaction(async (tx) => {
          const handle = tx as unknown as Db;
          const existing = await findOperation(handle, idempotencyKey);
          if (existing) {
            assertSameRequest(existing, request);
            return existing;
          }
          const [row] = await handle
            .select()
            .from(sandboxGatewayTokens)
            .where(eq(sandboxGatewayTokens.token, token))
            .for('update');
          if (!row || row.used_at || row.expires_at <= now) {
            const outcome = declined('invalid_token', 'The token is unknown, used or expired.', 'hard');
            return record(handle, {
              idempotency_key: idempotencyKey,
              kind: 'save',
              request,
              outcome,
              state: 'declined',
            });
          }
          const { token: _token, expires_at: _expires, used_at: _used, created: _created, ...shown } = row;
          const methodRef = reference('spm');
          await handle.update(sandboxGatewayTokens).set({ used_at: now }).where(eq(sandboxGatewayTokens.token, token));
          await handle.insert(sandboxGatewayMethods).values({ ...shown, reference: methodRef });
          const method: SavedMethod = {
            reference: methodRef,
            kind: row.kind,
            brand: row.brand as SavedMethod['brand'],
            funding: row.funding as SavedMethod['funding'],
            bin: row.bin,
            last4: row.last4,
            exp_month: row.exp_month,
            exp_year: row.exp_year,
            routing_number: row.routing_number,
            account_holder: row.account_holder,
          };
          return record(handle, {
            idempotency_key: idempotencyKey,
            kind: 'save',
            request,
            outcome: { status: 'saved', method },
            method_reference: methodRef,
            method_kind: row.kind,
            state: 'saved',
          });
        });
        return op.outcome as SaveMethodOutcome;
      });
    },

    async charge(input) {
      if (!Number.isInteger(input.amount_cents) || input.amount_cents <= 0) {
        throw new Error(`A charge takes a positive integer amount in cents, not ${input.amount_cents}`);
      }
      const request = JSON.stringify({
        kind: 'charge',
        method: input.method,
        amount_cents: input.amount_cents,
        processor_merchant_id: input.processor_merchant_id,
      });
      return call<ChargeOutcome>(async () => {
        const existing = await findOperation(db, input.idempotencyKey);
        if (existing) {
          assertSameRequest(existing, request);
          return existing.outcome as ChargeOutcome;
        }
        const now = clock();
        const [method] = await db
          .select()
          .from(sandboxGatewayMethods)
          .where(eq(sandboxGatewayMethods.reference, input.method));
        const ref = reference('ch');
        const base = {
          idempotency_key: input.idempotencyKey,
          kind: 'charge' as const,
          request,
          reference: ref,
          method_reference: input.method,
          amount_cents: input.amount_cents,
        };
        if (!method) {
          const outcome = declined('invalid_method', 'No such payment method.', 'hard', ref);
          return (await record(db, { ...base, outcome, state: 'declined' })).outcome as ChargeOutcome;
        }
        const decline = method.kind === 'card' ? SANDBOX_CARD_DECLINES[method.behaviour] : undefined;
        if (decline) {
          const outcome = declined(decline.code, decline.message, decline.retry, ref);
          return (await record(db, { ...base, method_kind: 'card', outcome, state: 'declined' }))
            .outcome as ChargeOutcome;
        }
        const op =
          method.kind === 'card'
            ? await record(db, {
                ...base,
                method_kind: 'card',
                outcome: { status: 'approved', reference: ref },
                state: 'approved',
                settle_on: nextDay(now),
                settle_as: 'settled',
              })
            : await record(db, {
                ...base,
                method_kind: 'bank',
                outcome: { status: 'pending', reference: ref },
                state: 'pending',
                settle_on: method.behaviour === 'stay_pending' ? null : addBusinessDays(now, achDays),
                settle_as: method.behaviour === 'settle' ? 'settled' : method.behaviour,
              });
        return op.outcome as ChargeOutcome;
      });
    },

    async refund(input) {
      if (!Number.isInteger(input.amount_cents) || input.amount_cents <= 0) {
        throw new Error(`A refund takes a positive integer amount in cents, not ${input.amount_cents}`);
      }
      const request = JSON.stringify({ kind: 'refund', charge: input.charge, amount_cents: input.amount_cents });
      return call<ReversalOutcome>(async () => {
        const now = clock();
        await settleDue(isoDate(now), input.charge);
        const op = await db.transaction(async (tx) => {
          const handle = tx as unknown as Db;
          const [charge] = await handle
            .select()
            .from(sandboxGatewayOperations)
            .where(
              and(eq(sandboxGatewayOperations.reference, input.charge), eq(sandboxGatewayOperations.kind, 'charge')),
            )
            .for('update');
          const existing = await findOperation(handle, input.idempotencyKey);
          if (existing) {
            assertSameRequest(existing, request);
            return existing;
          }
          const ref = reference('re');
          const base = {
            idempotency_key: input.idempotencyKey,
            kind: 'refund' as const,
            request,
            reference: ref,
            charge_reference: input.charge,
            amount_cents: input.amount_cents,
          };
          const refuse = (code: string, message: string) =>
            record(handle, { ...base, outcome: declined(code, message, 'hard', ref), state: 'declined' });
          if (!charge) return refuse('invalid_charge', 'No such charge.');
          if (charge.state === 'pending')
            return refuse('charge_pending', 'The debit has not settled: void it instead.');
          if (charge.state !== 'approved' && charge.state !== 'settled') {
            return refuse('not_refundable', 'The charge did not capture money.');
          }
          if (charge.refunded_cents >= charge.amount_cents) {
            return refuse('already_refunded', 'The charge has already been refunded.');
          }
          if (charge.refunded_cents + input.amount_cents > charge.amount_cents) {
            return refuse('amount_too_large', 'The refund is more than what is left of the charge.');
          }
          await handle
            .update(sandboxGatewayOperations)
            .set({ refunded_cents: charge.refunded_cents + input.amount_cents })
            .where(eq(sandboxGatewayOperations.idempotency_key, charge.idempotency_key));
          const bank = charge.method_kind === 'bank';
          return record(handle, {
            ...base,
            method_reference: charge.method_reference,
            method_kind: charge.method_kind,
            outcome: { status: bank ? 'pending' : 'approved', reference: ref },
            state: bank ? 'pending' : 'approved',
            settle_on: bank ? addBusinessDays(now, achDays) : nextDay(now),
            settle_as: 'settled',
          });
        });
        return op.outcome as ReversalOutcome;
      });
    },

    async void(input) {
      const request = JSON.stringify({ kind: 'void', charge: input.charge });
      return call<ReversalOutcome>(async () => {
        await settleDue(isoDate(clock()), input.charge);
        const op = await db.transaction(async (tx) => {
          const handle = tx as unknown as Db;
          const [charge] = await handle
            .select()
            .from(sandboxGatewayOperations)
            .where(
              and(eq(sandboxGatewayOperations.reference, input.charge), eq(sandboxGatewayOperations.kind, 'charge')),
            )
            .for('update');
          const existing = await findOperation(handle, input.idempotencyKey);
          if (existing) {
            assertSameRequest(existing, request);
            return existing;
          }
          const ref = reference('vd');
          const base = {
            idempotency_key: input.idempotencyKey,
            kind: 'void' as const,
            request,
            reference: ref,
            charge_reference: input.charge,
          };
          // A card sale is voidable until the daily settlement closes its day, an ACH debit while pending.
          const voidable =
            charge && (charge.state === 'approved' || charge.state === 'pending') && charge.refunded_cents === 0;
          if (!charge || !voidable) {
            const outcome = declined('not_voidable', 'The charge has settled or cannot be voided.', 'hard', ref);
            return record(handle, { ...base, outcome, state: 'declined' });
          }
          await handle
            .update(sandboxGatewayOperations)
            .set({ state: 'voided' })
            .where(eq(sandboxGatewayOperations.idempotency_key, charge.idempotency_key));
          return record(handle, {
            ...base,
            method_reference: charge.method_reference,
            method_kind: charge.method_kind,
            amount_cents: charge.amount_cents,
            outcome: { status: 'approved', reference: ref },
            state: 'approved',
          });
        });
        return op.outcome as ReversalOutcome;
      });
    },

    async lookupCharge({ idempotencyKey }) {
      const op = await findOperation(db, idempotencyKey);
      if (!op || op.kind !== 'charge') return null;
      if (!op.reference || op.state === 'declined') return chargeState(op);
      const current = await currentCharge(op.reference);
      return chargeState(current ?? op);
    },

    async lookupReversal({ idempotencyKey }) {
      await settleDue(isoDate(clock()));
      const op = await findOperation(db, idempotencyKey);
      if (!op || (op.kind !== 'refund' && op.kind !== 'void')) return null;
      return reversalState(op);
    },

    async getCharge(ref) {
      const op = await currentCharge(ref);
      return op ? chargeState(op) : declined('invalid_charge', 'No such charge.', 'hard');
    },

    async runSettlement({ days = 0 } = {}) {
      const now = clock();
      return settleDue(isoDate(new Date(now.getTime() + days * 24 * 60 * 60 * 1000)));
    },

    simulateTimeoutOnNextCall(when) {
      timeout = when;
    },
  };
}

/** The gateway as the sandbox, for tests, the demo seed and the sandbox routes; throws for another processor. */
export function asSandboxGateway(gateway: GatewayProvider): SandboxGateway {
  if (gateway.name !== 'sandbox' || !('tokenize' in gateway)) {
    throw new Error('The gateway is not the embedded sandbox');
  }
  return gateway as SandboxGateway;
}
