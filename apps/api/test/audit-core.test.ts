// The audit core (modules/audit): the before/after diff, the masking of sealed fields, the actor, and the two trails
// written over it (the merchant's activity log, a customer's history).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/audit';
import { customerEvents } from '../src/db/schema/customers';
import { users } from '../src/db/schema/identity';
import { withTransaction } from '../src/lib/service-context';
import { actorNameOf } from '../src/modules/audit/audit.actor';
import { recordChange } from '../src/modules/audit/audit.public';
import { auditedValues } from '../src/modules/audit/audit.values';
import { recordCustomerEvent, recordCustomerEvents } from '../src/modules/customers/customer-events';
import { createCustomerFixture, type CustomerFixture } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, type DemoIds } from './identity';

describe('auditedValues: what an entry keeps of a change', () => {
  const update = { skipUnchanged: true };

  it('keeps only the fields whose values differ, before and after', () => {
    expect(
      auditedValues(
        { name: 'Main St', city: 'Springfield', tags: ['a', 'b'] },
        { name: 'Main Street', city: 'Springfield', tags: ['a', 'c'] },
        update,
      ),
    ).toEqual({ before: { name: 'Main St', tags: ['a', 'b'] }, after: { name: 'Main Street', tags: ['a', 'c'] } });
  });

  it('keeps a field that appears or disappears on the side that has it', () => {
    expect(auditedValues({ phone: '555' }, { email: 'a@b.test' }, update)).toEqual({
      before: { phone: '555' },
      after: { email: 'a@b.test' },
    });
  });

  it('masks sealed fields after comparing: a re-entered secret is a change, an untouched one is not', () => {
    const before = { ssn_encrypted: 'v1.a', ssn_last4: '1111', api_key: 'k1', percentage: 60 };
    expect(auditedValues(before, { ...before, ssn_encrypted: 'v1.b', ssn_last4: '2222' }, update)).toEqual({
      before: { ssn_encrypted: '••••', ssn_last4: '1111' },
      after: { ssn_encrypted: '••••', ssn_last4: '2222' },
    });
    expect(auditedValues(before, { ...before, percentage: 40 }, update)).toEqual({
      before: { percentage: 60 },
      after: { percentage: 40 },
    });
  });

  it('masks every secret of a created or deleted thing, and leaves an empty secret empty', () => {
    const values = { password: 'hunter2', client_secret: null, account_number: '123456789', account_last4: '6789' };
    const shown = { password: '••••', client_secret: null, account_number: '••••', account_last4: '6789' };
    expect(auditedValues(null, values, update)).toEqual({ before: null, after: shown });
    expect(auditedValues(values, undefined, update)).toEqual({ before: shown, after: null });
  });

  it("leaves out the row's ids and timestamps, the trail's bookkeeping and undefined fields; dates as ISO", () => {
    const row = { id: 'x', merchant_id: 'm', created: new Date(0), updated: new Date(0), search_text: 'ann' };
    const values = auditedValues(
      null,
      { ...row, first_name: 'Ann', email: undefined, due: new Date('2026-03-01T00:00:00Z') },
      { skipUnchanged: true, bookkeeping: (field) => field === 'search_text' },
    );
    expect(values).toEqual({ before: null, after: { first_name: 'Ann', due: '2026-03-01T00:00:00.000Z' } });
  });

  it('skips a change that changed nothing, or keeps it empty when the trail says so', () => {
    const same = { name: 'VIP', updated: new Date(1) };
    expect(auditedValues(same, { ...same, updated: new Date(2) }, update)).toBeNull();
    expect(auditedValues(same, { ...same }, { skipUnchanged: false })).toEqual({ before: {}, after: {} });
  });
});

let t: TestApp;
let ids: DemoIds;
let admin: typeof users.$inferSelect;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  [admin] = (await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.test'))) as [
    typeof users.$inferSelect,
  ];
});
afterAll(() => t.close());

describe('the actor', () => {
  it('is the system when there is none', async () => {
    expect(await actorNameOf(t.database.db, null)).toBe('System');
  });

  it("is named from the user's row the caller holds, else read by id (a job acting for who queued it)", async () => {
    expect(await actorNameOf(t.database.db, admin)).toBe('Avery Admin');
    expect(await actorNameOf(t.database.db, { ...admin, first_name: 'Renamed' })).toBe('Renamed Admin');
    expect(await actorNameOf(t.database.db, { id: admin.id })).toBe('Avery Admin');
  });

  it('is named by email when the user has no name', async () => {
    expect(await actorNameOf(t.database.db, { id: admin.id, first_name: '', last_name: '', email: 'a@b.test' })).toBe(
      'a@b.test',
    );
  });

  it('must be a user: an unknown id refuses the entry', async () => {
    await expect(actorNameOf(t.database.db, { id: crypto.randomUUID() })).rejects.toThrow('is not a user');
  });
});

describe('the activity log over the core', () => {
  it('names an actor given by id only, and keeps the id', async () => {
    const subjectId = crypto.randomUUID();
    await recordChange(t.app.ctx, {
      merchantId: ids.demoMotors,
      actor: { id: admin.id },
      kind: 'tag',
      action: 'created',
      subjectId,
      subjectLabel: 'VIP',
      after: { id: subjectId, name: 'VIP' },
    });
    const entries = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subject_id, subjectId));
    expect(entries).toMatchObject([{ actor_id: admin.id, actor_name: 'Avery Admin', after: { name: 'VIP' } }]);
  });
});

describe('the customer history over the core', () => {
  let fixture: CustomerFixture;
  beforeAll(async () => {
    fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
  });
  const historyOf = (customerId: string) =>
    t.database.db.select().from(customerEvents).where(eq(customerEvents.customer_id, customerId));

  it('masks sealed fields, as the activity log does', async () => {
    const { coBorrowerId: customerId } = await createCustomerFixture(t.database.db, ids.demoMotors);
    await recordCustomerEvent(t.app.ctx, {
      merchantId: ids.demoMotors,
      customerId,
      kind: 'payment.recorded',
      actor: admin,
      after: { amount_cents: 2500, card_number: '4111111111111111', card_last4: '1111' },
    });
    expect(await historyOf(customerId)).toMatchObject([
      {
        kind: 'payment.recorded',
        actor_id: admin.id,
        after: { amount_cents: 2500, card_number: '••••', card_last4: '1111' },
      },
    ]);
  });

  it("writes many changes in one go, leaving out those that changed nothing and the list's copies", async () => {
    const { customerId, accountId } = fixture;
    await recordCustomerEvents(t.app.ctx, [
      {
        merchantId: ids.demoMotors,
        customerId,
        accountId,
        kind: 'account.updated',
        actor: null,
        before: { status: 'active', primary_status: 'active' },
        after: { status: 'closed', primary_status: 'closed' },
      },
      {
        merchantId: ids.demoMotors,
        customerId,
        kind: 'customer.updated',
        actor: { id: admin.id },
        before: { first_name: 'Ann', search_text: 'ann' },
        after: { first_name: 'Ann', search_text: 'ann b' },
      },
    ]);
    expect(await historyOf(customerId)).toMatchObject([
      {
        kind: 'account.updated',
        account_id: accountId,
        actor_id: null,
        before: { status: 'active' },
        after: { status: 'closed' },
      },
    ]);
  });

  it('rolls back with the change it describes', async () => {
    const { coBorrowerId: customerId } = fixture;
    await expect(
      withTransaction(t.app.ctx, async (tx) => {
        await recordCustomerEvent(tx, {
          merchantId: ids.demoMotors,
          customerId,
          kind: 'note.added',
          actor: admin,
          after: { body: 'Called' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await historyOf(customerId)).toEqual([]);
  });
});
