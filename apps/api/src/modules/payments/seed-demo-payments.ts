// The demo's payment history (issue 18 "Demo data"): saved cards and bank accounts on some Demo Motors customers and
// a few months of payments, declines and down payments, made through the same services staff use, on the sandbox
// processor, at past dates (a context whose clock reads the payment's day). Runs once, after the demo seed, when
// the app starts on the sandbox gateway; a payment's idempotency key is fixed, so a run cut short finishes later.

import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import { merchants, users } from '../../db/schema/identity';
import { merchantAccounts } from '../../db/schema/merchant-accounts';
import { payments } from '../../db/schema/payments';
import type { ProviderContext } from '../../lib/service-context';
import { asSandboxGateway } from '../../providers/gateway/sandbox-gateway';
import type { TokenizeInput } from '../../providers/gateway/sandbox-tokenizer';
import { refundPayment } from './refund-payment';
import { savePaymentMethod } from './save-payment-method';
import { settlePayments } from './settle-payments';
import { takeMiscPayment } from './take-misc-payment';
import { takePayment } from './take-payment';

const DEMO_MERCHANT = 'Demo Motors';
const DEMO_TAKER = 'staff@demo.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNTS_WITH_PAYMENTS = 24;

export const DEMO_DEBIT_AUTHORIZATION =
  'I authorize Demo Motors to debit my checking account for the payments I agree to, and to credit it for refunds. I may revoke this by calling Demo Motors.';

const CARDS = ['4242424242424242', '378282246310005', '4000056655665556', '5555555555554444'];
const DECLINING_CARD = '4000000000009995';
const SETTLING_BANK = '000123456789';
const RETURNING_BANK = '000222222227';

const cardEntry = (number: string): TokenizeInput => ({
  card: { number, exp_month: 12, exp_year: 2030, cvc: number.length === 15 ? '1234' : '123' },
});

/** Seeds the demo's payments unless Demo Motors has some already (or there is no demo, or no sandbox). */
export async function seedDemoPayments(ctx: ProviderContext): Promise<void> {
  if (ctx.providers.gateway.name !== 'sandbox') return;
  const gateway = asSandboxGateway(ctx.providers.gateway);
  const [merchant] = await ctx.db
    .select({ id: merchants.id, check_custom_roles: merchants.check_custom_roles })
    .from(merchants)
    .where(eq(merchants.name, DEMO_MERCHANT));
  const [taker] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TAKER));
  if (!merchant || !taker) return;
  if ((await ctx.db.$count(payments, eq(payments.merchant_id, merchant.id))) > 0) return;

  const kindsByLocation = new Map<string, Set<string>>();
  for (const row of await ctx.db
    .select({ location: merchantAccounts.location_id, kind: merchantAccounts.kind })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.merchant_id, merchant.id), eq(merchantAccounts.status, 'active')))) {
    kindsByLocation.set(row.location, (kindsByLocation.get(row.location) ?? new Set()).add(row.kind));
  }
  const candidates = await ctx.db
    .select({
      accountId: accounts.id,
      locationId: accounts.location_id,
      due: accounts.amount_due_cents,
      created: accounts.created,
      customerId: customers.id,
      name: sql<string>`${customers.first_name} || ' ' || ${customers.last_name}`,
    })
    .from(accounts)
    .innerJoin(
      accountCustomers,
      and(eq(accountCustomers.account_id, accounts.id), eq(accountCustomers.role, 'primary')),
    )
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(
      and(eq(accounts.merchant_id, merchant.id), eq(accounts.status, 'active'), gte(accounts.amount_due_cents, 40_000)),
    )
    .orderBy(asc(accounts.created))
    .limit(ACCOUNTS_WITH_PAYMENTS);

  const user = { id: taker.id, accessRoles: ['staff'] as const };
  const merchantForPayment = { id: merchant.id, is_integrated: false, check_custom_roles: merchant.check_custom_roles };
  const now = ctx.clock();
  const at = (when: Date): ProviderContext => ({ ...ctx, clock: () => when });

  let cardCustomers = 0;
  let returned = false;
  const toRefund: Array<{ paymentId: string; methodId: string; amount: number; when: Date }> = [];
  for (const [index, account] of candidates.entries()) {
    const kinds = kindsByLocation.get(account.locationId) ?? new Set();
    const byBank = !kinds.has('card') && kinds.has('ach');
    if (!byBank && !kinds.has('card')) continue;
    const openedDaysAgo = Math.floor((now.getTime() - account.created.getTime()) / DAY_MS);
    const firstDay = new Date(account.created.getTime() + DAY_MS);
    const saveAt = at(firstDay);
    const tokenized = await gateway.tokenize(
      byBank
        ? { bank: { routing_number: '110000000', account_number: SETTLING_BANK, account_holder: account.name } }
        : cardEntry(CARDS[index % CARDS.length] ?? '4242424242424242'),
    );
    if (!('token' in tokenized)) continue;
    const method = await savePaymentMethod(saveAt, {
      merchantId: merchant.id,
      customerId: account.customerId,
      token: tokenized.token,
      nickname: byBank ? 'Checking' : index % 2 === 0 ? 'Personal card' : 'Work card',
      saved: true,
      authorization: byBank ? { text: DEMO_DEBIT_AUTHORIZATION, method: 'phone' } : undefined,
      userId: taker.id,
      field: 'token',
    });

    // One payment a month or so since the account opened, each a tenth of what was owed.
    const count = Math.max(1, Math.min(3, Math.floor(openedDaysAgo / 30)));
    let owed = account.due;
    for (let n = 0; n < count; n += 1) {
      const amount = Math.max(2_500, Math.round(owed / 10 / 100) * 100);
      if (amount > owed) break;
      const when = new Date(firstDay.getTime() + (n * 30 + (index % 7)) * DAY_MS + 15 * 60 * 60 * 1000);
      if (when >= now) break;
      const payment = await takePayment(at(when), {
        merchant: merchantForPayment,
        user,
        accountId: account.accountId,
        customerId: account.customerId,
        sources: [{ payment_method: method.id, save: false, nickname: '', amount }],
        waiveFee: false,
        origin: 'staff',
        idempotencyKey: `demo-seed:${account.accountId}:${n}`,
      });
      if (payment.status !== 'FAILED') owed -= amount;
      if (n === 0 && payment.status === 'PAID' && index % 5 === 1) {
        toRefund.push({ paymentId: payment.id, methodId: method.id, amount: Math.round(amount / 2), when });
      }
    }

    // One bank customer paid once from an account that came back R01 (insufficient funds).
    if (byBank && !returned) {
      returned = true;
      const old = await gateway.tokenize({
        bank: { routing_number: '110000000', account_number: RETURNING_BANK, account_holder: account.name },
      });
      if (!('token' in old)) continue;
      await takePayment(at(new Date(now.getTime() - 9 * DAY_MS)), {
        merchant: merchantForPayment,
        user,
        accountId: account.accountId,
        customerId: account.customerId,
        sources: [
          {
            token: old.token,
            save: true,
            nickname: 'Old checking',
            authorization: { text: DEMO_DEBIT_AUTHORIZATION, method: 'phone' },
            amount: 3_000,
          },
        ],
        waiveFee: false,
        origin: 'staff',
        idempotencyKey: `demo-seed:${account.accountId}:returned`,
      });
    }

    // Every fourth customer paying by card also tried one that was declined for insufficient funds.
    if (!byBank) cardCustomers += 1;
    if (!byBank && cardCustomers % 4 === 0) {
      const declining = await gateway.tokenize(cardEntry(DECLINING_CARD));
      if (!('token' in declining)) continue;
      await takePayment(at(new Date(now.getTime() - (index % 5) * DAY_MS - 3 * 60 * 60 * 1000)), {
        merchant: merchantForPayment,
        user,
        accountId: account.accountId,
        customerId: account.customerId,
        sources: [{ token: declining.token, save: false, nickname: 'Prepaid', amount: 5_000 }],
        waiveFee: false,
        origin: 'staff',
        idempotencyKey: `demo-seed:${account.accountId}:declined`,
      });
    }
  }

  // Two down payments at a location that takes cards.
  const cardLocation = [...kindsByLocation.entries()].find(([, kinds]) => kinds.has('card'))?.[0];
  const downPayments = cardLocation
    ? [
        { payer: 'Jordan Rivera', description: 'Down payment, 2019 Honda Civic', amount: 150_000 },
        { payer: 'Sam Okafor', description: 'Down payment, 2017 Ford F-150', amount: 250_000 },
      ]
    : [];
  for (const [n, down] of downPayments.entries()) {
    const tokenized = await gateway.tokenize(cardEntry('4242424242424242'));
    if (!('token' in tokenized)) continue;
    await takeMiscPayment(at(new Date(now.getTime() - (12 - n * 9) * DAY_MS)), {
      merchant: merchantForPayment,
      user,
      payerName: down.payer,
      description: down.description,
      customerId: undefined,
      locationId: cardLocation ?? '',
      sources: [{ token: tokenized.token, save: false, nickname: '', amount: down.amount }],
      waiveFee: false,
      idempotencyKey: `demo-seed:down:${n}`,
    });
  }

  // Some payments were partly refunded a day later; then the processor settles what is due and Paydesk records it
  // (bank debits become PAID, the R01 one RETURNED, deposits and interchange for the days).
  for (const refund of toRefund) {
    await refundPayment(at(new Date(refund.when.getTime() + DAY_MS)), {
      merchantId: merchant.id,
      userId: taker.id,
      paymentId: refund.paymentId,
      sources: [{ payment_method: refund.methodId, amount: refund.amount }],
      total: refund.amount,
      reason: "Overpaid: half refunded at the customer's request",
      idempotencyKey: `demo-seed:refund:${refund.paymentId}`,
    });
  }
  await gateway.runSettlement({ days: 5 });
  await settlePayments(ctx);
}
