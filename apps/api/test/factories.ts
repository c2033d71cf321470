import { randomUUID } from 'node:crypto';
import { ledgerEntries, paymentMethods, paymentSources, payments } from '../src/db/schema/payments';
import { paymentPromises } from '../src/db/schema/promises';
import { scheduledPayments } from '../src/db/schema/scheduled-payments';
import { paymentLinks } from '../src/db/schema/payment-links';
import { hashPayToken, newPayToken } from '../src/modules/payment-links/payment-link-tokens';
import type { PermissionFlag } from '@paydesk/domain/access/roles';
import { secondaryMessageOf } from '@paydesk/domain/messaging/delivery-errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { customerImports } from '../src/db/schema/customer-imports';
import { accountCustomers, accounts, customerNotes, customers } from '../src/db/schema/customers';
import { customRoles, merchants, roleGrants, users } from '../src/db/schema/identity';
import { failedActions } from '../src/db/schema/integrations';
import { accountTags } from '../src/db/schema/tags';
import { merchantLocations } from '../src/db/schema/locations';
import { messageTemplates } from '../src/db/schema/message-templates';
import { inboxThreads, messageMedia, messages, sendingNumbers } from '../src/db/schema/messaging';
import { merchantAccounts } from '../src/db/schema/merchant-accounts';
import { businessOwners } from '../src/db/schema/owners';
import { createFieldCipher } from '../src/lib/field-encryption';
import { TEST_ENCRYPTION_KEY } from './helpers';
import { bearer, signIn } from './identity';

/** A name no other test object has, so cases never collide. */
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** Every demo user shares the demo password; copying its hash saves hashing per created user. */
async function findDemoPasswordHash(db: Db): Promise<string> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.email, 'staff@demo.test'));
  if (!row?.hash) throw new Error('seed the demo data first');
  return row.hash;
}

async function findOrganizationOf(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ organization_id: merchants.organization_id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new Error(`no merchant ${merchantId}`);
  return row.organization_id;
}

export async function createMerchant(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .insert(merchants)
    .values({ organization_id: organizationId, name: uniqueName('Throwaway Motors') })
    .returning({ id: merchants.id });
  if (!row) throw new Error('merchant not created');
  return row.id;
}

/** An owner of the merchant holding `percentage`% (1 by default, so that many fit under 100%). */
export async function createOwner(db: Db, merchantId: string, percentage = 1): Promise<string> {
  const [row] = await db
    .insert(businessOwners)
    .values({
      merchant_id: merchantId,
      first_name: 'Owen',
      last_name: uniqueName('Owner'),
      email: `${randomUUID()}@owners.test`,
      phone: '+12125550123',
      date_of_birth: '1980-01-01',
      ssn_sealed: createFieldCipher(TEST_ENCRYPTION_KEY).encrypt('111223333'),
      ssn_last4: '3333',
      address_line1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      ownership_percentage: percentage,
    })
    .returning({ id: businessOwners.id });
  if (!row) throw new Error('owner not created');
  return row.id;
}

export async function createCustomRole(db: Db, merchantId: string, flags: readonly PermissionFlag[]): Promise<string> {
  const [row] = await db
    .insert(customRoles)
    .values({ merchant_id: merchantId, role_name: uniqueName('Role'), permissions: [...flags] })
    .returning({ id: customRoles.id });
  if (!row) throw new Error('role not created');
  return row.id;
}

export async function createTag(db: Db, merchantId: string, name = uniqueName('Tag')): Promise<string> {
  const [row] = await db
    .insert(accountTags)
    .values({ merchant_id: merchantId, name })
    .returning({ id: accountTags.id });
  if (!row) throw new Error('tag not created');
  return row.id;
}

/** An UNSCHEDULED message template of the merchant with a unique name and an en-US text body. */
export async function createMessageTemplate(
  db: Db,
  merchantId: string,
  values: Partial<typeof messageTemplates.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(messageTemplates)
    .values({
      merchant_id: merchantId,
      name: uniqueName('Template'),
      type: 'UNSCHEDULED',
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, reply STOP to opt out.' },
      ],
      ...values,
    })
    .returning({ id: messageTemplates.id });
  if (!row) throw new Error('message template not created');
  return row.id;
}

/** An open, resolvable failed action of the merchant (a starter command to an offline device). */
export async function createFailedAction(
  db: Db,
  merchantId: string,
  provider: 'passtime' | 'ituran' = 'passtime',
): Promise<string> {
  const [row] = await db
    .insert(failedActions)
    .values({
      merchant_id: merchantId,
      provider,
      action: 'starter_disable',
      device_id: 'FA-10',
      error_message: 'Device FA-10 is offline.',
      is_resolvable: true,
    })
    .returning({ id: failedActions.id });
  if (!row) throw new Error('failed action not created');
  return row.id;
}

/** A location of the merchant, with a unique name. */
export async function createLocation(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .insert(merchantLocations)
    .values({
      merchant_id: merchantId,
      name: uniqueName('Location'),
      address_line1: '1 Factory Rd',
      city: 'Hartford',
      state: 'CT',
      postal_code: '06103',
      timezone: 'America/New_York',
    })
    .returning({ id: merchantLocations.id });
  if (!row) throw new Error('location not created');
  return row.id;
}

/** A card merchant account at a new location of the merchant. */
export async function createMerchantAccount(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .insert(merchantAccounts)
    .values({
      merchant_id: merchantId,
      location_id: await createLocation(db, merchantId),
      name: uniqueName('Account'),
      kind: 'card',
      processor_merchant_id: 'SBX-FACTORY',
      deposit_routing_number: '021000021',
      deposit_account_last4: '1234',
    })
    .returning({ id: merchantAccounts.id });
  if (!row) throw new Error('merchant account not created');
  return row.id;
}

export type Grant = { role: 'super_admin' | 'admin' | 'staff' } | { role: 'custom'; customRoleId: string };

/** An active user of the merchant's organisation holding `grant` there (demo password). */
export async function createUser(db: Db, merchantId: string, grant: Grant): Promise<{ id: string; email: string }> {
  const email = `${randomUUID()}@factory.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      first_name: 'Fresh',
      last_name: 'User',
      organization_id: await findOrganizationOf(db, merchantId),
      password_hash: await findDemoPasswordHash(db),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await db.insert(roleGrants).values({
    user_id: user.id,
    merchant_id: merchantId,
    role: grant.role,
    custom_role_id: grant.role === 'custom' ? grant.customRoleId : null,
  });
  return { id: user.id, email };
}

/** A fresh, signed-in user holding a new custom role with exactly `flags` on the merchant. */
export async function signInCustomRoleUser(
  app: FastifyInstance,
  db: Db,
  merchantId: string,
  flags: readonly PermissionFlag[],
) {
  const customRoleId = await createCustomRole(db, merchantId, flags);
  const user = await createUser(db, merchantId, { role: 'custom', customRoleId });
  const { access } = await signIn(app, user.email);
  return bearer(access);
}

export type RecordedRoute = { methods: string[]; url: string; options: RouteOptions };

/** Records every route the app registers; pass `onRoute` to buildTestApp. */
export function recordRoutes() {
  const routes: RecordedRoute[] = [];
  // Method and URL as registered (Fastify reuses the options object for prefixed variants); the options object itself
  // because the access-declaration hook may still fill in `config.access`.
  const onRoute = (options: RouteOptions) =>
    void routes.push({ methods: [options.method].flat().map(String), url: options.url, options });
  return { routes, onRoute };
}

export type CustomerFixture = {
  locationId: string;
  customerId: string;
  accountId: string;
  coBorrowerId: string;
  noteId: string;
};

/** A location of the merchant (the first, or a new one). */
export async function findOrCreateLocation(db: Db, merchantId: string): Promise<string> {
  const [found] = await db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(eq(merchantLocations.merchant_id, merchantId))
    .limit(1);
  if (found) return found.id;
  const [row] = await db
    .insert(merchantLocations)
    .values({
      merchant_id: merchantId,
      name: uniqueName('Lot'),
      address_line1: '1 Test Way',
      city: 'Testville',
      state: 'IL',
      postal_code: '60601',
      timezone: 'America/Chicago',
    })
    .returning({ id: merchantLocations.id });
  if (!row) throw new Error('location not created');
  return row.id;
}

/**
 * A customer of the merchant with an account (owing 1000 cents, with its opening ledger entry), a co-borrower on it and a note (by `noteAuthorId`, else by nobody),
 * written straight to the tables.
 */
export async function createCustomerFixture(
  db: Db,
  merchantId: string,
  options: { noteAuthorId?: string | null } = {},
): Promise<CustomerFixture> {
  const locationId = await findOrCreateLocation(db, merchantId);
  const [customer, coBorrower] = await db
    .insert(customers)
    .values([
      { merchant_id: merchantId, location_id: locationId, first_name: 'Fixture', last_name: uniqueName('Primary') },
      { merchant_id: merchantId, location_id: locationId, first_name: 'Fixture', last_name: uniqueName('Co') },
    ])
    .returning({ id: customers.id });
  if (!customer || !coBorrower) throw new Error('customers not created');
  const [account] = await db
    .insert(accounts)
    .values({
      merchant_id: merchantId,
      location_id: locationId,
      external_id: uniqueName('EXT'),
      amount_due_cents: 1000,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not created');
  // As the customers module writes it: the amount due is the sum of the account's ledger entries.
  await db.insert(ledgerEntries).values({
    merchant_id: merchantId,
    account_id: account.id,
    kind: 'opening',
    amount_cents: 1000,
    actor_name: 'System',
  });
  await db.insert(accountCustomers).values([
    { account_id: account.id, customer_id: customer.id, role: 'primary' },
    { account_id: account.id, customer_id: coBorrower.id, role: 'co_borrower' },
  ]);
  const [note] = await db
    .insert(customerNotes)
    .values({
      merchant_id: merchantId,
      customer_id: customer.id,
      author_id: options.noteAuthorId ?? null,
      body: 'A fixture note',
    })
    .returning({ id: customerNotes.id });
  if (!note) throw new Error('note not created');
  return { locationId, customerId: customer.id, accountId: account.id, coBorrowerId: coBorrower.id, noteId: note.id };
}

/** A merchant account's price: basis points of each payment (295 is 2.95%) and cents a transaction. */
export type MerchantAccountPricing = { rate_bps: number; per_transaction_cents: number };

export type PayingAccountFixture = CustomerFixture & { merchantAccountIds: { card: string; ach: string } };

/**
 * A customer fixture (see `createCustomerFixture`) whose account owes `amountDue` cents with a convenience fee of
 * `fee` cents (none by default), and a card and an ACH merchant account (in that order, free unless `pricing` says
 * otherwise) at its location, so that it can be paid by card and by bank.
 */
export async function createPayingAccountFixture(
  db: Db,
  merchantId: string,
  options: {
    amountDue: number;
    fee?: number;
    pricing?: Partial<Record<'card' | 'ach', MerchantAccountPricing>>;
  },
): Promise<PayingAccountFixture> {
  const fixture = await createCustomerFixture(db, merchantId);
  await db
    .update(accounts)
    .set({ amount_due_cents: options.amountDue, convenience_fee_cents: options.fee ?? 0 })
    .where(eq(accounts.id, fixture.accountId));
  // The factory's opening entry becomes this amount, so the amount due stays the sum of the entries.
  await db
    .update(ledgerEntries)
    .set({ amount_cents: options.amountDue })
    .where(and(eq(ledgerEntries.account_id, fixture.accountId), eq(ledgerEntries.kind, 'opening')));
  const merchantAccountIds = { card: '', ach: '' };
  for (const kind of ['card', 'ach'] as const) {
    const [row] = await db
      .insert(merchantAccounts)
      .values({
        merchant_id: merchantId,
        location_id: fixture.locationId,
        name: uniqueName(`Test ${kind}`),
        kind,
        processor_merchant_id: `SBX-${kind}`,
        deposit_routing_number: '021000021',
        deposit_account_last4: '1234',
        ...options.pricing?.[kind],
      })
      .returning({ id: merchantAccounts.id });
    if (!row) throw new Error('merchant account not created');
    merchantAccountIds[kind] = row.id;
  }
  return { ...fixture, merchantAccountIds };
}

/** A token of the sandbox tokeniser for a card or bank entry (as the browser gets one). */
export async function sandboxTokenFixture(
  app: FastifyInstance,
  entry: object,
  options: { remoteAddress?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/gateway/tokens/',
    payload: entry,
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

/**
 * A card or bank `entry` tokenised by the sandbox and saved on the customer, named `nickname`, by whoever `headers`
 * sign in (a bank account with its debit `authorization`): the saved method's id.
 */
export async function saveMethodFixture(
  app: FastifyInstance,
  headers: Record<string, string>,
  merchantId: string,
  customerId: string,
  entry: object,
  options: { nickname?: string; authorization?: object } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/merchants/${merchantId}/customers/${customerId}/payment_methods/`,
    headers,
    payload: {
      token: await sandboxTokenFixture(app, entry),
      nickname: options.nickname ?? 'Fixture method',
      authorization: options.authorization,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A finished customer import of the merchant (no rows): for routes that name an import. */
export async function createCustomerImportFixture(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .insert(customerImports)
    .values({
      merchant_id: merchantId,
      file_name: 'fixture.csv',
      columns: ['First Name'],
      mapping: { first_name: 'First Name' },
      status: 'completed',
      total: 0,
      finished: new Date(),
    })
    .returning({ id: customerImports.id });
  if (!row) throw new Error('import not created');
  return row.id;
}

/** A saved card of the customer, written straight to the table (its processor reference is not the sandbox's). */
export async function createPaymentMethodFixture(db: Db, merchantId: string, customerId: string): Promise<string> {
  const [row] = await db
    .insert(paymentMethods)
    .values({
      merchant_id: merchantId,
      customer_id: customerId,
      gateway: 'sandbox',
      gateway_reference: `spm_fixture_${randomUUID()}`,
      payment_type: 'CREDIT',
      card_type: 'Visa',
      card_brand: 'visa',
      card_funding: 'credit',
      last4: '4242',
      masked_card_number: 'XXXXXXXXXXXX4242',
      nickname: 'Fixture Visa',
    })
    .returning({ id: paymentMethods.id });
  if (!row) throw new Error('payment method not created');
  return row.id;
}

/** A PAID card payment of $10.00 on the customer's account, written straight to the tables. */
export async function createPaymentFixture(
  db: Db,
  merchantId: string,
  fixture: CustomerFixture,
  options: { failed?: boolean; returnCode?: string } = {},
): Promise<string> {
  const methodId = await createPaymentMethodFixture(db, merchantId, fixture.customerId);
  const returned = options.returnCode !== undefined;
  const [payment] = await db
    .insert(payments)
    .values({
      merchant_id: merchantId,
      account_id: fixture.accountId,
      customer_id: fixture.customerId,
      location_id: fixture.locationId,
      origin: 'staff',
      status: options.failed ? 'FAILED' : returned ? 'RETURNED' : 'PAID',
      amount_cents: 1000,
      total_cents: 1000,
      idempotency_key: randomUUID(),
      failure_message: options.failed ? 'Your card was declined.' : null,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment not created');
  await db.insert(paymentSources).values({
    payment_id: payment.id,
    payment_method_id: methodId,
    position: 0,
    amount_cents: 1000,
    total_cents: 1000,
    state: options.failed ? 'declined' : returned ? 'returned' : 'approved',
    gateway_reference: `ch_fixture_${randomUUID()}`,
    ...(returned ? { return_code: options.returnCode, returned_at: new Date() } : {}),
    ...(options.failed ? { decline_code: 'card_declined', decline_message: 'Your card was declined.' } : {}),
  });
  return payment.id;
}

/** A payment scheduled for 2099-01-01 on the customer's account from a new saved card, written straight to the tables. */
export async function createScheduledPaymentFixture(
  db: Db,
  merchantId: string,
  fixture: CustomerFixture,
): Promise<string> {
  const methodId = await createPaymentMethodFixture(db, merchantId, fixture.customerId);
  const [row] = await db
    .insert(scheduledPayments)
    .values({
      merchant_id: merchantId,
      account_id: fixture.accountId,
      customer_id: fixture.customerId,
      payment_method_id: methodId,
      amount_cents: 1000,
      scheduled_date: '2099-01-01',
      run_at: new Date('2099-01-01T14:00:00Z'),
    })
    .returning({ id: scheduledPayments.id });
  if (!row) throw new Error('scheduled payment not created');
  return row.id;
}

/** An unconfirmed promise of $10.00 for 2099-01-01 on the customer's account, written straight to the table. */
export async function createPromiseFixture(db: Db, merchantId: string, fixture: CustomerFixture): Promise<string> {
  const [row] = await db
    .insert(paymentPromises)
    .values({
      merchant_id: merchantId,
      account_id: fixture.accountId,
      customer_id: fixture.customerId,
      amount_cents: 1000,
      scheduled_date: new Date('2099-01-01T17:00:00Z'),
    })
    .returning({ id: paymentPromises.id });
  if (!row) throw new Error('promise not created');
  return row.id;
}

/** A live payment link for a new customer's account (due $10.00), written straight to the table: its token. */
export async function createPaymentLinkFixture(db: Db, merchantId: string): Promise<string> {
  const fixture = await createCustomerFixture(db, merchantId);
  const token = newPayToken();
  await db.insert(paymentLinks).values({
    merchant_id: merchantId,
    account_id: fixture.accountId,
    customer_id: fixture.customerId,
    token_hash: hashPayToken(token),
    expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

let missedPhoneSeq = 0;

/**
 * A text to a new customer of the merchant (opted in to texts, with a phone) that failed with `code` (30003 unless
 * told): a conversation and the outbound message, as the send job leaves it. Gives the message, customer and account.
 */
export async function createMissedMessageFixture(
  db: Db,
  merchantId: string,
  options: {
    code?: string;
    status?: 'failed' | 'undelivered';
    created?: Date;
    body?: string;
    kind?: 'manual' | 'automated' | 'bulk' | 'system';
  } = {},
): Promise<CustomerFixture & { messageId: string; phone: string }> {
  const fixture = await createCustomerFixture(db, merchantId);
  missedPhoneSeq += 1;
  const phone = `+1415555${String(3000 + (missedPhoneSeq % 6000)).padStart(4, '0')}`;
  await db
    .update(customers)
    .set({ sms_phone_number: phone, text_opt_in: true })
    .where(eq(customers.id, fixture.customerId));
  const created = options.created ?? new Date();
  const [thread] = await db
    .insert(inboxThreads)
    .values({ merchant_id: merchantId, customer_id: fixture.customerId, last_message_created: created })
    .returning({ id: inboxThreads.id });
  if (!thread) throw new Error('conversation not created');
  const code = options.code ?? '30003';
  const [message] = await db
    .insert(messages)
    .values({
      merchant_id: merchantId,
      thread_id: thread.id,
      customer_id: fixture.customerId,
      account_id: fixture.accountId,
      direction: 'outbound',
      kind: options.kind ?? 'manual',
      sender: 'Fixture Sender',
      body: options.body ?? 'Your payment is due.',
      to_number: phone,
      status: options.status ?? 'failed',
      provider: 'outbox',
      error_code: code,
      error_message: `Twilio error ${code}`,
      secondary_message: secondaryMessageOf(code),
      created,
      updated: created,
    })
    .returning({ id: messages.id });
  if (!message) throw new Error('message not created');
  return { ...fixture, messageId: message.id, phone };
}

/** An MMS attachment received from a new customer of the merchant (a conversation, an inbound message, its media). */
export async function createMessageMediaFixture(db: Db, merchantId: string): Promise<string> {
  const fixture = await createCustomerFixture(db, merchantId);
  const [thread] = await db
    .insert(inboxThreads)
    .values({ merchant_id: merchantId, customer_id: fixture.customerId, last_message_created: new Date() })
    .returning({ id: inboxThreads.id });
  if (!thread) throw new Error('conversation not created');
  const [message] = await db
    .insert(messages)
    .values({
      merchant_id: merchantId,
      thread_id: thread.id,
      customer_id: fixture.customerId,
      direction: 'inbound',
      kind: 'manual',
      sender: 'Fixture',
      body: 'a picture',
      status: 'received',
    })
    .returning({ id: messages.id });
  if (!message) throw new Error('message not created');
  const [media] = await db
    .insert(messageMedia)
    .values({
      merchant_id: merchantId,
      message_id: message.id,
      content_type: 'image/png',
      content: Buffer.from('89504e470d0a1a0a', 'hex'),
    })
    .returning({ id: messageMedia.id });
  if (!media) throw new Error('media not created');
  return media.id;
}

let sendingNumberSeq = 0;

/** A sending number of the merchant (from 860-555-02xx, apart from the demo's and the customers'). */
export async function createSendingNumberFixture(db: Db, merchantId: string): Promise<string> {
  sendingNumberSeq += 1;
  const [row] = await db
    .insert(sendingNumbers)
    .values({ merchant_id: merchantId, phone_number: `+1860555${String(2000 + sendingNumberSeq).padStart(4, '0')}` })
    .returning({ id: sendingNumbers.id });
  if (!row) throw new Error('sending number not created');
  return row.id;
}
