import { randomUUID } from 'node:crypto';
import { createCustomerSchema } from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents } from '../src/db/schema/consent-events';
import { customerEvents } from '../src/db/schema/customers';
import { merchants } from '../src/db/schema/identity';
import { withTransaction } from '../src/lib/service-context';
import { getCustomerDetail, type MerchantRef } from '../src/modules/customers/customers.read';
import { upsertCustomerAccount } from '../src/modules/customers/customer-import-writes';
import { findOrCreateLocation } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

// The entry point a CSV import reuses row by row: creates by external id, or updates the account and its primary
// customer; opt-in changes go to the consent ledger as `import` with no user.

let t: TestApp;
let ids: DemoIds;
let merchant: MerchantRef;
let location: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.demoMotors));
  if (!row) throw new Error('no Demo Motors');
  merchant = { id: row.id, name: row.name, is_integrated: row.is_integrated, timezone: row.timezone };
  location = await findOrCreateLocation(t.database.db, ids.demoMotors);
});
afterAll(() => t.close());

const row = (externalId: string, overrides: Record<string, unknown> = {}) =>
  createCustomerSchema.parse({
    first_name: 'Imported',
    last_name: 'Person',
    sms_phone_number: '(415) 555-0199',
    location_id: location,
    account: { external_id: externalId, amount_due_cents: 5_000, due_date: '2030-03-10' },
    ...overrides,
  });

describe('upsertCustomerAccount', () => {
  it('creates by external id, then updates the same account and customer instead of duplicating', async () => {
    const externalId = `IMP-${randomUUID().slice(0, 8)}`;
    const first = await withTransaction(t.app.ctx, (tx) => upsertCustomerAccount(tx, merchant, row(externalId), null));
    expect(first.created).toBe(true);
    const second = await withTransaction(t.app.ctx, (tx) =>
      upsertCustomerAccount(
        tx,
        merchant,
        row(externalId, {
          first_name: 'Renamed',
          text_opt_in: true,
          affirmation: 'Consent collected at signing',
          account: { external_id: externalId, amount_due_cents: 7_500, status: 'pending' },
        }),
        null,
      ),
    );
    expect(second).toEqual({ customerId: first.customerId, accountId: first.accountId, created: false });
    const detail = await getCustomerDetail(t.database.db, merchant, first.customerId);
    expect(detail).toMatchObject({ first_name: 'Renamed', text_opt_in: true });
    expect(detail.accounts).toHaveLength(1);
    expect(detail.accounts[0]).toMatchObject({ amount_due_cents: 7_500, status: 'pending' });
    const ledger = await t.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.customer_id, first.customerId));
    expect(ledger).toEqual([
      expect.objectContaining({ channel: 'sms', opted_in: true, method: 'import', actor_id: null }),
    ]);
    const kinds = (
      await t.database.db.select().from(customerEvents).where(eq(customerEvents.customer_id, first.customerId))
    ).map((event) => event.kind);
    expect(kinds.sort()).toEqual([
      'account.created',
      'account.updated',
      'consent.changed',
      'customer.created',
      'customer.updated',
    ]);

    // The list sees the update (search text and the row's accounts are kept with it).
    const as = sessionsFor(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.demoMotors}/customers/?search=${externalId}`,
      headers: await as('staff@demo.test'),
    });
    expect(list.json().results).toEqual([
      expect.objectContaining({
        first_name: 'Renamed',
        accounts: [expect.objectContaining({ amount_due_cents: 7_500 })],
      }),
    ]);
  });

  it('rolls a failing row back whole: a duplicate phone number leaves nothing behind', async () => {
    const phone = '(415) 555-0142';
    await withTransaction(t.app.ctx, (tx) =>
      upsertCustomerAccount(tx, merchant, row(`IMP-${randomUUID().slice(0, 8)}`, { sms_phone_number: phone }), null),
    );
    const externalId = `IMP-${randomUUID().slice(0, 8)}`;
    await expect(
      withTransaction(t.app.ctx, (tx) =>
        upsertCustomerAccount(tx, merchant, row(externalId, { sms_phone_number: phone }), null),
      ),
    ).rejects.toMatchObject({ fields: { sms_phone_number: [ERROR_CATALOGUE['phone_number.duplicate']] } });
    const again = await withTransaction(t.app.ctx, (tx) =>
      upsertCustomerAccount(tx, merchant, row(externalId, { sms_phone_number: null }), null),
    );
    expect(again.created).toBe(true);
  });
});
