import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { withTransaction } from '../src/lib/service-context';
import { recomputeAccountDependents } from '../src/modules/customers/customers.public';
import { findOrCreateLocation } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let locationId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  locationId = await findOrCreateLocation(t.database.db, ids.demoMotors);
});
afterAll(() => t.close());

const customersUrl = () => `/api/merchants/${ids.demoMotors}/customers/`;

async function createCustomer(lastName: string, amountDueCents: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: customersUrl(),
    headers: await as('staff@demo.test'),
    payload: {
      first_name: 'Pat',
      last_name: lastName,
      location_id: locationId,
      account: { external_id: `P-${randomUUID().slice(0, 8)}`, amount_due_cents: amountDueCents },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; accounts: { id: string }[] };
}

async function listed(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${customersUrl()}?${query}`,
    headers: await as('staff@demo.test'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    count: number;
    results: { id: string; accounts: { amount_due_cents: number; status: string }[] }[];
  };
}

describe('recomputeAccountDependents (customers.public)', () => {
  it('shows an amount due and status changed in another module’s transaction in the list, its order and counts', async () => {
    const name = `Public${randomUUID().slice(0, 6)}`;
    const small = await createCustomer(name, 100);
    const large = await createCustomer(name, 900);
    const accountId = small.accounts[0]!.id;
    const order = async () => (await listed(`search=${name}&ordering=-amount_due`)).results.map((row) => row.id);
    expect(await order()).toEqual([large.id, small.id]);
    expect((await listed(`search=${name}&status=closed`)).count).toBe(0);

    // As payments will: its own write to the account, then the public function, in one transaction.
    await withTransaction(t.app.ctx, async (tx) => {
      await tx.db.update(accounts).set({ amount_due_cents: 5_000, status: 'closed' }).where(eq(accounts.id, accountId));
      await recomputeAccountDependents(tx, [accountId]);
    });

    const after = await listed(`search=${name}&ordering=-amount_due`);
    expect(after.results.map((row) => row.id)).toEqual([small.id, large.id]);
    expect(after.results[0]!.accounts[0]).toMatchObject({ amount_due_cents: 5_000, status: 'closed' });
    const closed = await listed(`search=${name}&status=closed`);
    expect(closed.results.map((row) => row.id)).toEqual([small.id]);
    expect(closed.count).toBe(1);
  });

  it('leaves the list as it was when the transaction rolls back', async () => {
    const name = `Rollback${randomUUID().slice(0, 6)}`;
    const small = await createCustomer(name, 100);
    const large = await createCustomer(name, 900);
    const accountId = small.accounts[0]!.id;
    await expect(
      withTransaction(t.app.ctx, async (tx) => {
        await tx.db.update(accounts).set({ amount_due_cents: 5_000 }).where(eq(accounts.id, accountId));
        await recomputeAccountDependents(tx, [accountId]);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    const after = await listed(`search=${name}&ordering=-amount_due`);
    expect(after.results.map((row) => row.id)).toEqual([large.id, small.id]);
    expect(after.results[1]!.accounts[0]!.amount_due_cents).toBe(100);
  });
});
