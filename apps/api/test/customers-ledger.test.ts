import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { merchantLocations } from '../src/db/schema/locations';
import { ledgerEntries } from '../src/db/schema/payments';
import { sandboxFreshbooksClient } from '../src/providers/freshbooks/sandbox-freshbooks-provider';
import { createCustomerFixture } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let locationId: string;
let locationName: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  const [location] = await t.database.db
    .select({ id: merchantLocations.id, name: merchantLocations.name })
    .from(merchantLocations)
    .where(eq(merchantLocations.merchant_id, ids.demoMotors))
    .limit(1);
  if (!location) throw new Error('Demo Motors has no location');
  locationId = location.id;
  locationName = location.name;
});
afterAll(() => t.close());

const customersUrl = () => `/api/merchants/${ids.demoMotors}/customers/`;

async function call(method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, payload, headers: await as('staff@demo.test') });
}

/** The account's amount due, and its ledger entries oldest first. */
async function ledgerOf(accountId: string) {
  const db = t.database.db;
  const [account] = await db
    .select({ amount_due_cents: accounts.amount_due_cents })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const entries = await db
    .select({ kind: ledgerEntries.kind, amount_cents: ledgerEntries.amount_cents, reason: ledgerEntries.reason })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account_id, accountId))
    .orderBy(asc(ledgerEntries.created), asc(ledgerEntries.id));
  return { amountDue: account?.amount_due_cents, entries };
}

const sum = (entries: Array<{ amount_cents: number }>) =>
  entries.reduce((total, entry) => total + entry.amount_cents, 0);

describe('the customers module writes amounts due through the ledger', () => {
  it('posts an opening entry on create and an adjustment of the difference on an edit', async () => {
    const created = await call('POST', customersUrl(), {
      first_name: 'Lee',
      last_name: `Ledger${randomUUID().slice(0, 6)}`,
      location_id: locationId,
      account: { external_id: `L-${randomUUID().slice(0, 8)}`, amount_due_cents: 12_345, due_date: '2030-01-15' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json();
    const accountId: string = customer.accounts[0].id;

    let ledger = await ledgerOf(accountId);
    expect(ledger.amountDue).toBe(12_345);
    expect(ledger.entries).toEqual([{ kind: 'opening', amount_cents: 12_345, reason: '' }]);

    const edited = await call('PATCH', `${customersUrl()}${customer.id}/accounts/${accountId}/`, {
      amount_due_cents: 10_000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    ledger = await ledgerOf(accountId);
    expect(ledger.amountDue).toBe(10_000);
    expect(sum(ledger.entries)).toBe(10_000);
    expect(ledger.entries[1]).toEqual({ kind: 'adjustment', amount_cents: -2_345, reason: 'Edited by staff' });

    // An edit that leaves the amount alone posts nothing.
    await call('PATCH', `${customersUrl()}${customer.id}/accounts/${accountId}/`, { amount_due_cents: 10_000 });
    expect((await ledgerOf(accountId)).entries).toHaveLength(2);
  });

  it('posts an opening entry for an imported account and an Import adjustment when an import changes its amount', async () => {
    const externalId = `LI-${randomUUID().slice(0, 8)}`;
    const lastName = `Ledger${randomUUID().slice(0, 6)}`;
    const runImport = async (amount: string) => {
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/customer_imports/`,
        headers: await as('staff@demo.test'),
        payload: {
          file_name: 'customers.csv',
          csv: [
            'First Name,Last Name,Account,Amount Due,Location',
            `Ada,${lastName},${externalId},${amount},${locationName}`,
          ].join('\n'),
          mapping: {
            first_name: 'First Name',
            last_name: 'Last Name',
            external_id: 'Account',
            amount_due: 'Amount Due',
            location: 'Location',
          },
        },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect((await t.app.jobs.drain()).failed).toEqual([]);
    };
    await runImport('$100.00');
    const [account] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.external_id, externalId));
    if (!account) throw new Error('the import wrote no account');
    let ledger = await ledgerOf(account.id);
    expect(ledger.amountDue).toBe(10_000);
    expect(ledger.entries).toEqual([{ kind: 'opening', amount_cents: 10_000, reason: '' }]);

    await runImport('$80.00');
    ledger = await ledgerOf(account.id);
    expect(ledger.amountDue).toBe(8_000);
    expect(sum(ledger.entries)).toBe(8_000);
    expect(ledger.entries[1]).toEqual({ kind: 'adjustment', amount_cents: -2_000, reason: 'Import' });
  });

  it('posts a FreshBooks sync adjustment when FreshBooks says the customer owes another amount', async () => {
    const fixture = await createCustomerFixture(t.database.db, ids.integratedAuto);
    await t.database.db.update(accounts).set({ external_id: 'IA-7077' }).where(eq(accounts.id, fixture.accountId));
    const client = sandboxFreshbooksClient('IA-7077');
    if (!client) throw new Error('no sandbox client IA-7077');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.integratedAuto}/customers/${fixture.customerId}/?checkIntegration=true`,
      headers: await as('admin@demo.test'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const ledger = await ledgerOf(fixture.accountId);
    expect(ledger.amountDue).toBe(client.outstanding_cents);
    expect(sum(ledger.entries)).toBe(client.outstanding_cents);
    expect(ledger.entries).toEqual([
      { kind: 'opening', amount_cents: 1000, reason: '' },
      { kind: 'adjustment', amount_cents: client.outstanding_cents - 1000, reason: 'FreshBooks sync' },
    ]);
  });
});
